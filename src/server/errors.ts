import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { allowedMethods } from '../api/match-operation.js'
import { printable } from '../common/printable.js'
import type { Problem } from '../schemas/problem.js'
import { redactText } from '../secrets/index.js'
import { quotedPath } from './masked-path.js'
import { answerProblem, SERVER_PROBLEMS } from './problem.js'

/** A route as Hono lists it (`app.routes`): a method, or `ALL` for a middleware, and a pattern. */
type Route = { readonly method: string; readonly path: string }

/** A route's pattern as a regular expression: `:name` one segment, a trailing `*` anything. */
const patternOf = (path: string) =>
  new RegExp(
    `^${path
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\/\*$/, '(?:/.*)?')
      .replace(/:[^/]+/g, '[^/]+')}$`,
  )

/** The methods an app's own routes take at this path (its admin API, its pages). */
const routeMethodsAt = (routes: readonly Route[], path: string): string[] => [
  ...new Set(
    routes
      .filter((route) => route.method !== 'ALL' && patternOf(route.path).test(path))
      .map((route) => route.method),
  ),
]

/**
 * No route: a 405 with `Allow` where the path is an operation's, or one of the app's own routes
 * (`routes`: its admin API, its pages) taken with another method; else a 404 problem, worded by
 * the server that answers it (the mock names `--passthrough` where it would help; the server
 * layer's own names nothing).
 */
export const noRoute =
  (
    routeNotFound: (method: string, path: string) => Problem = SERVER_PROBLEMS.routeNotFound,
    routes?: () => readonly Route[],
  ) =>
  (c: Context) => {
    const { method, path } = c.req
    const operations = allowedMethods(path)
    const allowed = operations.length > 0 || !routes ? operations : routeMethodsAt(routes(), path)
    // Quoted as the journal writes it: a credential in the path is not answered back.
    const quoted = quotedPath(path)
    if (allowed.length > 0) {
      return answerProblem(c, SERVER_PROBLEMS.methodNotAllowed(method, quoted, allowed), {
        headers: { allow: allowed.join(', ') },
      })
    }
    return answerProblem(c, routeNotFound(method, quoted))
  }

/** The framework's own errors that the mock turns into problems: malformed JSON, size, media type. */
const httpErrorProblem = (c: Context, status: 400 | 413 | 415) => {
  switch (status) {
    case 400:
      return SERVER_PROBLEMS.malformedJson()
    case 413:
      return SERVER_PROBLEMS.payloadTooLarge()
    case 415:
      return SERVER_PROBLEMS.unsupportedMediaType(c.req.header('content-type'))
  }
}

/**
 * The framework's errors as problems; anything else is a bug of ours, logged once without input
 * and answered 500 (the hostile-input property test keeps this branch unreachable).
 */
export const onError =
  (log: ((line: string) => void) | undefined) => (error: Error, c: Context) => {
    if (error instanceof HTTPException) {
      const status = error.status
      if (status === 400 || status === 413 || status === 415)
        return answerProblem(c, httpErrorProblem(c, status))
    }
    log?.(
      `[worker-api-kit] internal error on ${printable(c.req.method, 16)} ${printable(redactText(c.req.path))}: ${printable(error.name, 64)}`,
    )
    return answerProblem(c, SERVER_PROBLEMS.internalError())
  }
