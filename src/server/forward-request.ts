import { answerTextOf } from '../common/answer-text.js'
import { CONNECTION_HEADERS } from '../common/connection-headers.js'
import { type Fetch, fetchUntilAborted, type ReadBody, readAtMost } from '../common/read-at-most.js'

// How a server of ours sends a request on to another one and reads its answer: the proxy to its
// target, the mock to its --passthrough URL. One forwarder, one rule for the headers each way.

/** A transport a request is forwarded with: `fetch`, or a Hono app's `request` in tests. */
export type { Fetch }

/** An answer over the forwarder's bound: read no further. */
export class AnswerTooLarge extends Error {
  override readonly name = 'AnswerTooLarge'
}

/** Headers of the connection or the framing, and those the forwarder sets itself: never forwarded either way. */
const HOP_BY_HOP = new Set([
  ...CONNECTION_HEADERS,
  'host',
  // The proxy's server answers `100 Continue` itself; undici's fetch refuses to send it on.
  'expect',
])

/** Headers a message's `Connection` names: about that connection only, dropped with it (RFC 9110 §7.6.1). */
const connectionListed = (headers: Headers): Set<string> =>
  new Set(
    (headers.get('connection') ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  )

/**
 * Request headers the proxy keeps to itself: the kit's own (`x-mock-*`); the browser's `Referer`
 * (the page's whole URL: `Origin`, which goes on so that the target's own CSRF defences see the
 * page, says enough) and `Sec-Fetch-*` (they describe the request to the proxy, not to the target);
 * a client's claims about the hops before it (`X-Forwarded-*`, `Forwarded`: the proxy vouches for
 * none and adds none); and the encodings (the transport negotiates its own and decodes the answer).
 */
const NOT_FORWARDED = /^(?:x-mock-|referer$|sec-fetch-|x-forwarded-|forwarded$|accept-encoding$)/

/** Answer headers the proxy replaces: the body is decoded and re-framed, CORS is the proxy's own. */
const NOT_RETURNED = /^(?:content-encoding$|access-control-)/

export type ForwardOptions = {
  /** The base URL forwarded to, without a trailing slash (a path prefix is kept). */
  readonly base: string
  /** Headers added to (or replacing) every forwarded request's: `-H`. */
  readonly headers: Readonly<Record<string, string>>
  readonly timeoutMs: number
  /** The largest answer body read; past it the exchange is a `too-large` failure. */
  readonly maxAnswerBytes: number
  readonly fetch: Fetch
}

export type Forwarded =
  | {
      readonly kind: 'answer'
      readonly status: number
      /** The answer's headers as the caller gets them. */
      readonly headers: Headers
      readonly bytes: ArrayBuffer
      /** The body as text (a leading byte order mark dropped, bytes that are not UTF-8 as U+FFFD). */
      readonly text: string
      /**
       * The text an in-process target built its answer from, exactly what `bytes` encode (byte
       * order mark kept): the judge reads it instead of decoding the bytes again.
       */
      readonly sourceText: string | undefined
      readonly durationMs: number
    }
  | {
      readonly kind: 'failed'
      /** What went wrong (an `AnswerTooLarge`, a timeout's `TimeoutError`, the transport's error). */
      readonly cause: unknown
      /** Before an answer came, or while its body was read. */
      readonly stage: 'connect' | 'body'
      readonly durationMs: number
    }

/** The headers of a request, as the target gets them. */
export const forwardedHeaders = (
  incoming: Headers,
  added: Readonly<Record<string, string>>,
): Record<string, string> => {
  const headers: Record<string, string> = {}
  const listed = connectionListed(incoming)
  incoming.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name) && !listed.has(name) && !NOT_FORWARDED.test(name))
      headers[name] = value
  })
  for (const [name, value] of Object.entries(added)) headers[name.toLowerCase()] = value
  return headers
}

const utf8 = new TextDecoder()
const encoder = new TextEncoder()
const BYTE_ORDER_MARK = '\ufeff'

/**
 * The answer's body, at most `maxBytes`. One an in-process target built from a text (an app's
 * `request`) is taken as that text, encoded, under the same bound and signal: the same bytes,
 * without reading a web stream.
 */
const readAnswer = async (
  res: Response,
  maxBytes: number,
  signal: AbortSignal,
  onBytes: ((bytes: number) => void) | undefined,
): Promise<ReadBody & { sourceText?: string }> => {
  const sourceText = answerTextOf(res)
  if (sourceText === undefined) return readAtMost(res.body, maxBytes, signal, onBytes)
  if (signal.aborted) return { kind: 'broken', error: signal.reason }
  const bytes = encoder.encode(sourceText)
  if (bytes.byteLength > maxBytes) return { kind: 'too-large' }
  if (bytes.byteLength > 0) onBytes?.(bytes.byteLength)
  return { kind: 'read', bytes: bytes.buffer, sourceText }
}

const answerHeaders = (from: Headers): Headers => {
  const headers = new Headers()
  const listed = connectionListed(from)
  from.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name) && !listed.has(name) && !NOT_RETURNED.test(name))
      headers.append(name, value)
  })
  return headers
}

/**
 * Sends one request on and reads its whole answer, bounded in time (the per-request timeout covers
 * the body too) and in bytes. Never throws: a failure is a value, with its cause and stage.
 */
export const forwardRequest = async (
  options: ForwardOptions,
  request: {
    readonly method: string
    readonly pathAndQuery: string
    readonly headers: Record<string, string>
    readonly body: Uint8Array<ArrayBuffer> | undefined
    readonly signal: AbortSignal
    /** Learns the size of each chunk of the answer as it is read (the proxy's in-flight budget). */
    readonly onAnswerBytes?: (bytes: number) => void
  },
): Promise<Forwarded> => {
  const started = performance.now()
  // A controller of its own, held here until the exchange ends: on Node 20 a composite
  // `AbortSignal.any([…, AbortSignal.timeout()])` can be collected under load and never fire,
  // which left a hanging target hanging the caller too.
  const controller = new AbortController()
  const { signal } = controller
  // The time is the target's alone: it starts as the request is handed over, and when it runs
  // out, what already came (while the proxy's own loop was busy) is read first (setImmediate runs
  // after the pending I/O), so the proxy's delay is never the target's `responds` violation.
  const timer = setTimeout(
    () =>
      setImmediate(() =>
        controller.abort(new DOMException('the target did not answer in time', 'TimeoutError')),
      ),
    options.timeoutMs,
  )
  const onCallerGone = () => controller.abort(request.signal.reason)
  if (request.signal.aborted) onCallerGone()
  else request.signal.addEventListener('abort', onCallerGone, { once: true })
  let stage: 'connect' | 'body' = 'connect'
  try {
    // fetchUntilAborted: an in-process target (a Hono app's `request`) does not honour the signal.
    const res = await fetchUntilAborted(
      options.fetch,
      `${options.base}${request.pathAndQuery}`,
      request,
      signal,
    )
    stage = 'body'
    const read = await readAnswer(res, options.maxAnswerBytes, signal, request.onAnswerBytes)
    if (read.kind === 'too-large')
      throw new AnswerTooLarge(`answer over ${options.maxAnswerBytes} bytes, read no further`)
    if (read.kind === 'broken') throw read.error
    return {
      kind: 'answer',
      status: res.status,
      headers: answerHeaders(res.headers),
      bytes: read.bytes,
      // What the decoder gives for the bytes of a text: the text, less a leading byte order mark.
      text:
        read.sourceText === undefined
          ? utf8.decode(read.bytes)
          : read.sourceText.startsWith(BYTE_ORDER_MARK)
            ? read.sourceText.slice(1)
            : read.sourceText,
      sourceText: read.sourceText,
      durationMs: performance.now() - started,
    }
  } catch (error) {
    return { kind: 'failed', cause: error, stage, durationMs: performance.now() - started }
  } finally {
    clearTimeout(timer)
    request.signal.removeEventListener('abort', onCallerGone)
  }
}
