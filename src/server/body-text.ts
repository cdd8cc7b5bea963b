import type { HonoRequest } from 'hono'

/**
 * The text of each request body whose bytes the body limit left in Hono's cache (an in-process or
 * chunked body, read there under its bound), decoded once. Hono reads a text from cached bytes
 * through a new web Response (a stream, a copy, then the same decoding), which cost an in-process
 * request more than its validation, and the journal decoded the same bytes a second time.
 */
const decoded = new WeakMap<ArrayBuffer, string>()

/**
 * The UTF-8 text of `bytes` as `Response.text()` reads it: a leading byte order mark dropped (the
 * decoder's `ignoreBOM` is false), each bad sequence as U+FFFD.
 */
export const textOfBytes = (bytes: ArrayBuffer): string => {
  let text = decoded.get(bytes)
  if (text === undefined) {
    text = new TextDecoder().decode(bytes)
    decoded.set(bytes, text)
  }
  return text
}

/**
 * `req.text()`: where Hono would read the text from the bytes it cached first, read from them here
 * without a web Response; otherwise from Hono.
 */
export const bodyText = async (req: HonoRequest): Promise<string> => {
  const { text, arrayBuffer } = req.bodyCache
  const isFirst = Object.keys(req.bodyCache)[0] === 'arrayBuffer'
  // Hono types the entry as the bytes but holds their promise: awaited either way.
  if (text === undefined && arrayBuffer !== undefined && isFirst)
    return textOfBytes(await arrayBuffer)
  return req.text()
}
