import { flatOf, type HeaderPairs } from './header-pairs.js'

/**
 * What @hono/node-server's lightweight Response holds before anything asked it for a real one: its
 * body as given and its content type. `stream` stands for a body that is neither text nor bytes
 * (a ReadableStream, a Blob), which only its reader may consume.
 */
export type LightweightBody = {
  readonly body: string | Uint8Array | null | { readonly kind: 'stream' }
  readonly contentType: string | null
}

/** The node server's default for a body given without a content type (its `defaultContentType`). */
const NODE_SERVER_DEFAULT_TYPE = 'text/plain; charset=UTF-8'

/** The own symbol property (description `cache`) the node server keeps [status, body, headers] in. */
let cacheSymbol: symbol | undefined

const cacheOf = (res: Response): unknown[] | undefined => {
  if (cacheSymbol === undefined) {
    cacheSymbol = Object.getOwnPropertySymbols(res).find((key) => key.description === 'cache')
    if (cacheSymbol === undefined) return undefined
  }
  const cache: unknown = Reflect.get(res, cacheSymbol)
  return Array.isArray(cache) && cache.length >= 2 ? cache : undefined
}

/** A plain record of headers (not a Headers object, not a list of pairs). */
const isRecord = (headers: unknown): headers is object =>
  typeof headers === 'object' &&
  headers !== null &&
  !Array.isArray(headers) &&
  !(headers instanceof Headers)

/** Pairs of the headers as the node server keeps them: Headers, pairs or a record. */
const pairsIn = function* (headers: unknown): Generator<readonly [string, string]> {
  if (headers instanceof Headers) {
    yield* headers.entries()
    return
  }
  const pairs: Iterable<unknown> = Array.isArray(headers)
    ? headers
    : typeof headers === 'object' && headers !== null
      ? Object.entries(headers)
      : []
  for (const pair of pairs) {
    if (!Array.isArray(pair)) continue
    const [name, value] = pair
    if (typeof name === 'string' && typeof value === 'string') yield [name, value]
  }
}

/** The content type in the headers as the node server keeps them: Headers, pairs or a record. */
const contentTypeIn = (headers: unknown, hasBody: boolean): string | null => {
  if (headers === undefined || headers === null) return hasBody ? NODE_SERVER_DEFAULT_TYPE : null
  if (headers instanceof Headers) return headers.get('content-type')
  if (isRecord(headers)) {
    // A record (the API's answers): its names read in place, no pairs made.
    for (const name of Object.keys(headers)) {
      const value: unknown = Reflect.get(headers, name)
      if (typeof value === 'string' && name.toLowerCase() === 'content-type') return value
    }
    return null
  }
  for (const [name, value] of pairsIn(headers))
    if (name.toLowerCase() === 'content-type') return value
  return null
}

/**
 * The body of a response served by @hono/node-server, read from its lightweight Response's own
 * cache, or undefined when `res` is not one (a native Response: in-process, MSW) or no longer
 * holds its cache. Never turns it into a native Response: `.text()` or `.clone()` would, and the
 * node server then streams the answer instead of writing it at once.
 */
export const lightweightBody = (res: Response): LightweightBody | undefined => {
  const cache = cacheOf(res)
  if (!cache) return undefined
  const body = cache[1]
  const contentType = contentTypeIn(cache[2], body !== null && body !== undefined)
  if (body === null || body === undefined) return { body: null, contentType }
  if (typeof body === 'string' || body instanceof Uint8Array) return { body, contentType }
  return { body: { kind: 'stream' }, contentType }
}

/**
 * The headers of a response served by @hono/node-server, read from its lightweight Response's own
 * cache (`res.headers` would build a Headers object from them), or undefined when `res` is not
 * one. A body given without a content type gets the node server's default, as on the wire.
 */
export const lightweightHeaders = (res: Response): HeaderPairs | undefined => {
  const cache = cacheOf(res)
  if (!cache) return undefined
  const headers = cache[2]
  if (headers === undefined || headers === null) {
    const hasBody = cache[1] !== null && cache[1] !== undefined
    return hasBody ? [['content-type', NODE_SERVER_DEFAULT_TYPE]] : []
  }
  return isRecord(headers) ? flatOf(headers) : pairsIn(headers)
}
