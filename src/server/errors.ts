import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { allowedMethods } from '../api/match-operation.js'
import { printable } from '../common/printable.js'
import type { Problem } from '../schemas/problem.js'
import { redactText } from '../secrets/index.js'
import { answerProblem, SERVER_PROBLEMS } from './problem.js'

/**
 * No route: a 405 with `Allow` where the path is an operation's, else a 404 problem, worded by the
 * server that answers it (the mock names `--passthrough`; the server layer's own names nothing).
 */
export const noRoute =
  (routeNotFound: (method: string, path: string) => Problem = SERVER_PROBLEMS.routeNotFound) =>
  (c: Context) => {
    const allowed = allowedMethods(c.req.path)
    if (allowed.length > 0) {
      return answerProblem(c, SERVER_PROBLEMS.methodNotAllowed(c.req.method, c.req.path, allowed), {
        headers: { allow: allowed.join(', ') },
      })
    }
    return answerProblem(c, routeNotFound(c.req.method, c.req.path))
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
