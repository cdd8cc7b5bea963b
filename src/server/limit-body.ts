import type { Context } from 'hono'
import { readAtMost } from '../common/read-at-most.js'
import { drainedOnCancel } from './drained-on-cancel.js'
import type { ServerEnv } from './server-env.js'

/**
 * Refuses a body over `maxBytes` (413) and a body that breaks mid-stream (400).
 *
 * On a node server a declared Content-Length is checked without touching the body, so
 * @hono/node-server keeps its fast body path (Hono's bodyLimit reads `raw.body`, which builds a
 * web stream over the socket: measured, it halved the mock's throughput). Any other body (chunked,
 * or in-process, where a Content-Length can say anything) is read here, bounded, and left in
 * Hono's body cache for the validators: no `new Request(request)` re-wrap, which in Node 20's
 * undici keeps an abort listener alive per request (a heap that grew ~2 KB per request).
 */
export const limitBody = (
  maxBytes: number,
  answers: { tooLarge: (c: Context) => Response; broken: (c: Context) => Response },
) => {
  /** Reads a body the headers do not bound, bounded, for the validators. */
  const readBounded = async <E extends ServerEnv>(
    c: Context<E>,
    body: ReadableStream<Uint8Array>,
  ): Promise<Response | undefined> => {
    const read = await readAtMost(body, maxBytes)
    if (read.kind === 'too-large') return answers.tooLarge(c)
    if (read.kind === 'broken') return answers.broken(c)
    // Hono types this entry as the value but calls `.then` on it: it holds the promise.
    Object.assign(c.req.bodyCache, { arrayBuffer: Promise.resolve(read.bytes) })
    return undefined
  }
  /**
   * The answer that refuses the body, or undefined when it may go on: at once when the headers
   * decide (a node socket's declared length, no body), a promise only when the body must be read.
   */
  return <E extends ServerEnv>(
    c: Context<E>,
  ): Response | undefined | Promise<Response | undefined> => {
    const isOnSocket = c.env?.incoming !== undefined
    const length = c.req.header('content-length')
    const isChunked = c.req.header('transfer-encoding') !== undefined
    if (isOnSocket && !isChunked) {
      if (length === undefined) return undefined // no length, no chunking: no body (RFC 9112 §6.3)
      if (/^\d+$/.test(length)) {
        if (Number(length) <= maxBytes) return undefined
        // The rest is read and thrown away before the connection closes (lingering-close.ts).
        return answers.tooLarge(c)
      }
    }
    const body = c.req.raw.body
    if (body === null) return undefined
    return readBounded(c, isOnSocket ? drainedOnCancel(body) : body)
  }
}
