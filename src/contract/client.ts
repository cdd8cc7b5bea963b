import { answerTextOf } from '../common/answer-text.js'
import { type Fetch, fetchUntilAborted, readAtMost } from '../common/read-at-most.js'
import { utf8Length } from '../common/utf8-length.js'
import { decodeBody } from './decode-body.js'
import type { Exchange, ReceivedResponse, SentRequest } from './exchange.js'
import { createPacer } from './pacer.js'
import { MAX_JSON_DEPTH, parseJson } from './parse-json.js'
import { BodyTooLarge, describeTransportError } from './transport-error.js'

export type { Fetch }

export type ClientOptions = {
  readonly baseUrl: string
  /** Sent with every request (`-H`). */
  readonly headers?: Readonly<Record<string, string>>
  /** Per request, including reading the body. */
  readonly timeoutMs: number
  /** A body larger than this is a finding ("response too large"), read no further. Default 1 MiB. */
  readonly maxResponseBytes?: number
  /** How often a 429 is retried. Default 3. */
  readonly maxRetries?: number
  /** Longest wait honoured from `Retry-After`. Default 10 s. */
  readonly maxRetryWaitMs?: number
  /** `performance.now()` past which no 429 is retried and no request waits (the run's bound). */
  readonly deadline?: number
  /** Injected transport, e.g. a Hono app's `request` for an in-process run. Default `fetch`. */
  readonly fetch?: Fetch
  /** Waits out a `Retry-After` (a test injects one that records the wait). Default: a timer. */
  readonly sleep?: (ms: number) => Promise<void>
  /** `--rate`: at most this many requests a second, retries included (pacer.ts). */
  readonly ratePerSecond?: number
}

type RequestSpec = {
  readonly method: string
  /** Path below the base URL, already encoded. */
  readonly path: string
  readonly headers?: Readonly<Record<string, string>>
  readonly body?: string | undefined
}

/** Far above any answer of the API (a worker is a few KiB); holds a judge's memory to a few MiB. */
const DEFAULT_MAX_RESPONSE_BYTES = 1024 * 1024
const DEFAULT_MAX_RETRIES = 3
const DEFAULT_MAX_RETRY_WAIT_MS = 10_000
const FALLBACK_RETRY_WAIT_MS = 1_000
const NOT_UTF8 = 'not valid UTF-8 (RFC 8259 §8.1: JSON between systems MUST be UTF-8)'

/** RFC 9110 §10.2.3: delay-seconds, or an HTTP-date (IMF-fixdate, e.g. `Sun, 06 Nov 1994 08:49:37 GMT`). */
export const retryAfterMs = (value: string | null, now = Date.now()): number | undefined => {
  if (value === null) return undefined
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000
  // Date.parse is lenient ("1.5" and "-1" parse as dates): only a date that names its time zone.
  if (!/^\s*[A-Za-z]{3},.*\bGMT\s*$/.test(value)) return undefined
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/**
 * A signal that aborts after `ms` as `AbortSignal.timeout` does (a `TimeoutError`), and a `clear`
 * that ends its timer once the exchange is over: a run's hundreds of timers do not all fire later
 * for nothing.
 */
const timeoutSignal = (ms: number) => {
  const controller = new AbortController()
  const timer = setTimeout(
    () =>
      controller.abort(
        new DOMException('The operation was aborted due to timeout', 'TimeoutError'),
      ),
    ms,
  )
  return { signal: controller.signal, clear: () => clearTimeout(timer) }
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

const tooLarge = (limit: number) =>
  new BodyTooLarge(`response too large: over ${limit} bytes, read no further`)

/**
 * The body, at most `limit` bytes; more, or a broken body, is thrown for describeTransportError.
 * An answer built in this process from a text (an app's `request`) is taken as that text, under
 * the same bound and signal as its bytes: the same text they decode to, without a web stream.
 */
const readBounded = async (
  res: Response,
  limit: number,
  signal: AbortSignal,
): Promise<Uint8Array | string> => {
  const text = answerTextOf(res)
  if (text !== undefined) {
    if (signal.aborted) throw signal.reason
    // At most three bytes a UTF-16 unit: only a text that could be over is counted.
    if (text.length * 3 > limit && utf8Length(text) > limit) throw tooLarge(limit)
    return text
  }
  const read = await readAtMost(res.body, limit, signal)
  if (read.kind === 'too-large') throw tooLarge(limit)
  if (read.kind === 'broken') throw read.error
  return new Uint8Array(read.bytes)
}

/**
 * The response as the checks see it, read as strictly as a conforming client reads JSON: bytes
 * that are not UTF-8 are not JSON (RFC 8259 §8.1); the JSON parsed unless it nests deeper than the
 * judge parses; a byte order mark and the text's flaws (RFC 8259 §4, §8.2) noted for the checks.
 */
export const receivedResponse = (
  status: number,
  headers: Readonly<Record<string, string>>,
  body: Uint8Array | string,
): ReceivedResponse => {
  const { text, isUtf8, hasByteOrderMark } = decodeBody(body)
  const marked = hasByteOrderMark ? { hasByteOrderMark } : {}
  if (!isUtf8) return { status, headers, text, isJson: false, parseError: NOT_UTF8, ...marked }
  const parsed = parseJson(text)
  return {
    status,
    headers,
    text,
    ...(parsed.kind === 'json' ? { json: parsed.value, jsonFlaws: parsed.flaws } : {}),
    isJson: parsed.kind === 'json',
    ...(parsed.kind === 'too-deep'
      ? { parseError: `JSON nested deeper than ${MAX_JSON_DEPTH} levels, not parsed` }
      : {}),
    ...marked,
  }
}

export type Client = {
  readonly send: (spec: RequestSpec) => Promise<Exchange>
  /** Requests put on the wire so far, retries included. */
  readonly requestCount: () => number
}

/** HTTP for the contract suite: every wait bounded, every failure a value, never a throw. */
export const createClient = (options: ClientOptions): Client => {
  const doFetch: Fetch = options.fetch ?? ((input, init) => fetch(input, init))
  const base = options.baseUrl.replace(/\/+$/, '')
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES
  const maxWait = options.maxRetryWaitMs ?? DEFAULT_MAX_RETRY_WAIT_MS
  const sleep = options.sleep ?? sleepFor
  const pace =
    options.ratePerSecond === undefined
      ? undefined
      : createPacer(options.ratePerSecond, sleep, options.deadline)
  let count = 0

  const once = async (request: SentRequest) => {
    count++
    let stage: 'connect' | 'body' = 'connect'
    // Within the run's bound: a request in flight ends with it.
    const left = Math.ceil((options.deadline ?? Infinity) - performance.now())
    const timeoutMs = Math.max(1, Math.min(options.timeoutMs, left))
    const { signal, clear } = timeoutSignal(timeoutMs)
    try {
      const res = await fetchUntilAborted(doFetch, request.url, request, signal)
      stage = 'body'
      const body = await readBounded(res, maxBytes, signal)
      return { response: receivedResponse(res.status, Object.fromEntries(res.headers), body) }
    } catch (error) {
      const described = describeTransportError(error, timeoutMs, stage)
      const isCutByRunBound = described.kind === 'timeout' && timeoutMs < options.timeoutMs
      return { error: isCutByRunBound ? { ...described, isCutByRunBound } : described }
    } finally {
      clear()
    }
  }

  const send = async (spec: RequestSpec): Promise<Exchange> => {
    const request: SentRequest = {
      method: spec.method,
      url: `${base}${spec.path}`,
      headers: { ...options.headers, ...spec.headers },
      body: spec.body,
    }
    const started = performance.now()
    let attempts = 0
    for (;;) {
      attempts++
      await pace?.()
      const result = await once(request)
      const status = result.response?.status
      if (status !== 429 || attempts > maxRetries) {
        return { request, ...result, durationMs: performance.now() - started, attempts }
      }
      const asked = retryAfterMs(result.response?.headers['retry-after'] ?? null)
      const wait = Math.min(asked ?? FALLBACK_RETRY_WAIT_MS, maxWait)
      // A wait that would cross the run's bound is not taken: the 429 is the answer.
      if (options.deadline !== undefined && performance.now() + wait > options.deadline) {
        return { request, ...result, durationMs: performance.now() - started, attempts }
      }
      await sleep(wait)
    }
  }

  return { send, requestCount: () => count }
}
