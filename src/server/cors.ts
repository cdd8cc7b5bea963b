import type { Context } from 'hono'
import { setAnswerHeader } from './answer.js'
import type { ServerEnv } from './server-env.js'

/**
 * Which web pages may read the mock's answers. `loopback` (the default): pages served from
 * localhost, `*.localhost`, 127.x.x.x or [::1] on any port, the origins a frontend developer runs
 * on (the rule Vite's dev server adopted in 2025). `*`: any page, without credentials. A list of
 * origins: those pages, with credentials. `false`: no CORS headers at all.
 */
export type CorsPolicy = '*' | 'loopback' | readonly string[] | false

/** Which part of the mock a request is for: the admin API opens only to origins named outright. */
export type CorsScope = 'api' | 'admin'

const METHODS = 'GET, HEAD, PUT, POST, DELETE, PATCH'
/**
 * Headers a page may read beyond the safelisted ones: every header the mock sets. `*` covers any
 * other (a scenario rule's own) on requests without credentials; with credentials a browser reads
 * `*` as a name, so the rule stage adds its rule's header names (`expose`).
 */
const EXPOSED = '*, retry-after, allow, www-authenticate, location, content-length'
const MAX_AGE_S = '600'

const LOOPBACK_ORIGIN =
  /^https?:\/\/(?:localhost|[a-z0-9.-]+\.localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d{1,5})?$/i

/** The origin a page of `origin` is allowed as (echoed), `*`, or undefined when it is not. */
export const allowedOrigin = (
  policy: CorsPolicy,
  origin: string | undefined,
  scope: CorsScope,
): string | undefined => {
  if (policy === false || origin === undefined) return undefined
  if (Array.isArray(policy)) return policy.includes(origin) ? origin : undefined
  if (scope === 'admin') return undefined
  if (policy === '*') return '*'
  return LOOPBACK_ORIGIN.test(origin) ? origin : undefined
}

/**
 * CORS for one scope, set before the handler runs, and the answer to a preflight. (Hono's cors
 * middleware sets headers on `c.res` after the handler, which makes @hono/node-server rebuild
 * every response as a full web Response: measured, about a third of the mock's throughput.)
 * A preflight from an origin that is not allowed gets no CORS header: the browser stops there.
 */
export const createCors = (policy: CorsPolicy) => ({
  /** The policy: who may read answers, and (the origin rule) who may send requests at all. */
  policy,
  apply<E extends ServerEnv>(c: Context<E>, scope: CorsScope): Response | undefined {
    if (policy === false) return undefined
    const origin = allowedOrigin(policy, c.req.header('origin'), scope)
    const withCredentials = origin !== undefined && origin !== '*'
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method') !== undefined) {
      const vary = policy === '*' ? [] : ['Origin']
      const requestedHeaders = c.req.header('access-control-request-headers')
      return c.body(null, 204, {
        ...(origin ? { 'access-control-allow-origin': origin } : {}),
        ...(withCredentials ? { 'access-control-allow-credentials': 'true' } : {}),
        ...(origin ? { 'access-control-allow-methods': METHODS } : {}),
        ...(origin && requestedHeaders ? { 'access-control-allow-headers': requestedHeaders } : {}),
        // Chrome's Private Network Access: a public page that is allowed may call the local mock.
        ...(origin && c.req.header('access-control-request-private-network') === 'true'
          ? { 'access-control-allow-private-network': 'true' }
          : {}),
        'access-control-max-age': MAX_AGE_S,
        vary: [...vary, 'Access-Control-Request-Headers'].join(', '),
      })
    }
    if (origin) {
      setAnswerHeader(c, 'access-control-allow-origin', origin)
      setAnswerHeader(c, 'access-control-expose-headers', EXPOSED)
      if (withCredentials) setAnswerHeader(c, 'access-control-allow-credentials', 'true')
    }
    if (policy !== '*') setAnswerHeader(c, 'vary', 'Origin')
    return undefined
  },
  /** Lets a page read these headers too (a scenario rule's own) on an API answer. */
  expose<E extends ServerEnv>(c: Context<E>, names: readonly string[]) {
    if (names.length === 0 || !allowedOrigin(policy, c.req.header('origin'), 'api')) return
    setAnswerHeader(c, 'access-control-expose-headers', `${EXPOSED}, ${names.join(', ')}`)
  },
})
export type Cors = ReturnType<typeof createCors>
