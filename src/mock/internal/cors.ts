import type { MiddlewareHandler } from 'hono'
import type { MockEnv } from '../env.js'

const METHODS = 'GET,HEAD,PUT,POST,DELETE,PATCH'
const EXPOSED = 'retry-after, allow'
const MAX_AGE_S = '600'

/**
 * CORS for one origin (or `*`), with the headers set before the handler runs. Hono's cors
 * middleware sets them on `c.res`, which makes @hono/node-server rebuild every response as a full
 * web Response (measured: about a third of the mock's throughput).
 */
export const corsFor = (allowed: string): MiddlewareHandler<MockEnv> => {
  const allow = (origin: string | undefined) =>
    allowed === '*' ? '*' : origin === allowed ? origin : undefined
  return async (c, next): Promise<Response | undefined> => {
    const origin = allow(c.req.header('origin'))
    const requestedMethod = c.req.header('access-control-request-method')
    if (c.req.method === 'OPTIONS' && requestedMethod !== undefined) {
      const requestedHeaders = c.req.header('access-control-request-headers')
      return c.body(null, 204, {
        ...(origin ? { 'access-control-allow-origin': origin } : {}),
        'access-control-allow-methods': METHODS,
        ...(requestedHeaders ? { 'access-control-allow-headers': requestedHeaders } : {}),
        'access-control-max-age': MAX_AGE_S,
        vary:
          allowed === '*'
            ? 'Access-Control-Request-Headers'
            : 'Origin, Access-Control-Request-Headers',
      })
    }
    if (origin) {
      c.header('access-control-allow-origin', origin)
      c.header('access-control-expose-headers', EXPOSED)
    }
    if (allowed !== '*') c.header('vary', 'Origin')
    await next()
    return undefined
  }
}
