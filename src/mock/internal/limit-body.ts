import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { MockEnv } from '../env.js'

/**
 * Refuses a body over `maxBytes`. A declared Content-Length is checked without touching the body,
 * so @hono/node-server keeps its fast body path (Hono's bodyLimit reads `raw.body`, which builds a
 * web stream over the socket: measured, it halved the mock's throughput). A body of unknown
 * length is counted as it streams, with Hono's bodyLimit.
 */
export const limitBody = (
  maxBytes: number,
  onTooLarge: (c: Context) => Response,
): MiddlewareHandler<MockEnv> => {
  const streaming = bodyLimit({ maxSize: maxBytes, onError: onTooLarge })
  return (c, next) => {
    const length = c.req.header('content-length')
    const isChunked = c.req.header('transfer-encoding') !== undefined
    if (length !== undefined && !isChunked && /^\d+$/.test(length)) {
      return Number(length) > maxBytes ? Promise.resolve(onTooLarge(c)) : next()
    }
    // On a node server, no length and no chunking means no body (RFC 9112 §6.3).
    const isOnSocket = c.env?.incoming !== undefined
    if (isOnSocket && !isChunked) return next()
    return streaming(c, next)
  }
}
