import type { HonoRequest } from 'hono'
import { answerTextOf } from '../common/answer-text.js'
import { readAtMost } from '../common/read-at-most.js'
import {
  isSecretName,
  maskedStrings,
  mayHoldSecret,
  redactJson,
  redactText,
} from '../secrets/index.js'
import { textOfBytes } from './body-text.js'
import type { JournalCopy } from './journal-copy.js'
import type { JournalEntry } from './journal-entry.js'
import { journalHeaders, journalHeaderValue, responseHeaderPairs } from './journal-headers.js'
import type { JournalSecrets } from './journal-secrets.js'
import { type LightweightBody, lightweightBody } from './lightweight-body.js'
import { parsedOrText } from './parsed-or-text.js'

// What a request's and an answer's bodies become in the journal: secrets masked on write, a large
// body kept as its size, a body that cannot hold a secret kept as text and parsed on read.

/** A body larger than this is journalled as its size only. */
const MAX_JOURNALLED_BODY = 64 * 1024
/** What a streamed answer (a `truncate` fault) is journalled as: its reader alone consumes it. */
const STREAMED_BODY = '(streamed body, not kept)'

/** A body kept as text because it cannot hold a secret: parsed when the journal is read. */
type CleanText = { readonly cleanText: string }
const isCleanText = (body: unknown): body is CleanText =>
  typeof body === 'object' && body !== null && 'cleanText' in body

/**
 * The body to journal. One that could hold a secret is parsed and redacted now (redacted on
 * write: no secret is ever stored); any other is kept as text and parsed on read, which keeps the
 * journal off the hot path (it cost a quarter of a rename's throughput when it parsed every body).
 */
export const journalBody = (text: string): unknown => keptBody(text, mayHoldSecret)

/** `journalBody`, told whether the text may hold a secret (a scan the caller made) or how to find out. */
const keptBody = (text: string, mayHold: boolean | ((text: string) => boolean)): unknown => {
  if (text === '') return null
  if (text.length > MAX_JOURNALLED_BODY) return `(${text.length} characters, not kept)`
  if (!(typeof mayHold === 'boolean' ? mayHold : mayHold(text)))
    return { cleanText: text } satisfies CleanText
  const parsed = parsedOrText(text)
  // not JSON (malformed, a form): mask secret fields by name
  return typeof parsed === 'string' ? redactText(parsed) : redactParsed(parsed)
}

/** Deeper than this, a subtree goes through redactJson whatever it holds (it bounds the depth). */
const MAX_PLAIN_DEPTH = 60

/** Whether a parsed JSON value has a secret-named key anywhere in it (or is too deep to tell). */
const hasSecretName = (value: unknown, depth = 0): boolean => {
  if (typeof value !== 'object' || value === null) return false
  if (depth > MAX_PLAIN_DEPTH) return true
  if (Array.isArray(value)) return value.some((item) => hasSecretName(item, depth + 1))
  for (const key in value)
    if (isSecretName(key) || hasSecretName(Reflect.get(value, key), depth + 1)) return true
  return false
}

/**
 * `redactJson(parsed)`, with the top-level fields that hold no secret-named key kept as parsed:
 * redactJson copies every object it walks, and a create's answer (its `tokens` beside a worker,
 * an instance and a launch) cost twice as much through it whole (measured: ~15 µs against ~8 µs).
 */
const redactParsed = (parsed: unknown): unknown => {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return redactJson(parsed)
  // fromEntries, as redactJson: a `__proto__` key stays a field
  return Object.fromEntries(
    Object.entries(parsed).map(([key, value]) => {
      if (!isSecretName(key) && !hasSecretName(value)) return [key, value]
      const masked = redactJson(Object.fromEntries([[key, value]]))
      return [
        key,
        typeof masked === 'object' && masked !== null ? Reflect.get(masked, key) : masked,
      ]
    }),
  )
}

/**
 * A request's or an answer's text journalled with what `secrets` knows masked first; the text
 * teaches it first (a request's `apiKey`, masked where `customConfigText` repeats it; a login's
 * answered token, masked where a later request sends it back).
 */
const journalMasked = (text: string, secrets: JournalSecrets | undefined): unknown => {
  if (secrets === undefined || text.length > MAX_JOURNALLED_BODY) return journalBody(text)
  // One scan for secret names: `learn` finds nothing in a text without one, and a text the masker
  // gives back as it is needs no second scan in journalBody.
  const mayHold = text.length > 0 && mayHoldSecret(text)
  // What may teach a secret: a secret's name or an escape (the scan above), a JWT, a URL.
  if (mayHold || text.includes('eyJ') || text.includes('://')) secrets.learn(text)
  if (secrets.masksNothing?.()) return keptBody(text, mayHold)
  const masked = secrets.mask(text)
  const kept = masked === text ? keptBody(text, mayHold) : journalBody(masked)
  // Parsing decodes escapes: a secret written `\u0073\u006b…` in part reads as itself only now.
  // A text with no escape parses to strings the masked text holds as they are: masked already.
  return typeof kept === 'object' && kept !== null && !isCleanText(kept) && text.includes('\\')
    ? maskedStrings(kept, secrets.mask)
    : kept
}

// Through redactJson all the same: it bounds the depth (a 10 000-deep array must not reach c.json).
const readable = (body: unknown) =>
  isCleanText(body) ? redactJson(parsedOrText(body.cleanText)) : body

/** An entry as readers see it: kept text bodies parsed. */
export const forReaders = (entry: JournalEntry): JournalEntry => {
  if (!isCleanText(entry.request.body) && !isCleanText(entry.response.body)) return entry
  return {
    ...entry,
    request: { ...entry.request, body: readable(entry.request.body) },
    response: { ...entry.response, body: readable(entry.response.body) },
  }
}

/**
 * An answer whose writer made the journal's copy (its secret fields masked from the schema, no
 * scan): kept as that text, parsed on read. Known values (an echoed `Authorization`, a session's
 * key) are looked for in the answer as before; where one is found, or the answer is too large to
 * keep, the answer goes the way every other answer does.
 */
const journalWritten = (
  { text, journalText, handedOut }: JournalCopy,
  secrets: JournalSecrets | undefined,
): unknown => {
  // Asked of the journal's copy, whose secret fields are masked already (a create's tokens): only
  // another secret in it changes it.
  const journalled =
    text.length > MAX_JOURNALLED_BODY ||
    (secrets !== undefined &&
      !secrets.masksNothing?.() &&
      secrets.mask(journalText) !== journalText)
      ? journalMasked(text, secrets)
      : ({ cleanText: journalText } satisfies CleanText)
  // After its own copy (its secret fields masked from the schema, each mask saying the length it
  // hid): the tokens an answer hands out (a create's `tokens`) are masked wherever they come back,
  // in a later request that sends one, in an answer that echoes it. The writer found them in the
  // fields it masked: no parse of the text.
  if (secrets?.learnValues) {
    if (handedOut.length > 0) secrets.learnValues(handedOut)
  } else secrets?.learn(text)
  return journalled
}

const journalBytes = (bytes: Uint8Array, secrets: JournalSecrets | undefined) =>
  bytes.byteLength > MAX_JOURNALLED_BODY
    ? `(${bytes.byteLength} bytes, not kept)`
    : journalMasked(new TextDecoder().decode(bytes), secrets)

/**
 * A clone's body whose `cancel` settles at once. A clone is one branch of a tee, and cancelling a
 * tee's branch settles only once the other branch (the client's answer, not read yet) is done
 * too: `readAtMost` awaits its cancel, and hung on any answer over its bound.
 */
const cloneBody = (res: Response): ReadableStream<Uint8Array> | null => {
  const body = res.clone().body
  if (body === null) return null
  const reader = body.getReader()
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read()
      if (done) controller.close()
      else controller.enqueue(value)
    },
    cancel(reason) {
      reader.cancel(reason).catch(() => undefined)
    },
  })
}

/**
 * The answer to journal. Written with the journal's copy (`copy`: an operation's own answer), it
 * is kept as that copy; otherwise, served by @hono/node-server, its body is read from the
 * lightweight Response's cache (no copy, and the answer keeps its single write); otherwise from
 * the text its server holds (`text`: the proxy's target's answer) or noted when it was written
 * in-process (answer-text.ts); otherwise from a clone, at most MAX_JOURNALLED_BODY bytes of it. A
 * streamed answer (`isStreamed`: a `truncate` fault) is not read at all: the client must get
 * exactly what the fault makes of it.
 */
export const journalResponse = (
  res: Response,
  { isStreamed, secrets, text, copy }: ResponseOptions,
): JournalEntry['response'] | Promise<JournalEntry['response']> => {
  const light = lightweightBody(res)
  // Served by the node server (every API answer there): read in place, no promise to wait for.
  if (light) return withHeaders(res, lightResponseBody(light, secrets, copy, text), secrets)
  if (isStreamed) return withHeaders(res, bodyOf(res, STREAMED_BODY), secrets)
  if (copy) return withHeaders(res, bodyOf(res, journalWritten(copy, secrets)), secrets)
  const known = text ?? answerTextOf(res)
  if (known !== undefined)
    return withHeaders(res, bodyOf(res, journalMasked(known, secrets)), secrets)
  return readResponseBody(res, secrets).then((read) => withHeaders(res, read, secrets))
}

/** The answer's journalled body with its journalled headers. */
const withHeaders = (
  res: Response,
  { contentType, body }: Omit<JournalEntry['response'], 'headers'>,
  secrets: JournalSecrets | undefined,
): JournalEntry['response'] => {
  const mask = maskerOf(secrets)
  return {
    // As every header is: a target may echo a key in it (`text/plain; charset=<key>`).
    contentType: journalHeaderValue(contentType, mask),
    body,
    headers: journalHeaders(responseHeaderPairs(res), mask),
  }
}

/** The masker to give journalHeaders: none while it would give every text back as it is. */
const maskerOf = (secrets: JournalSecrets | undefined) =>
  secrets === undefined || secrets.masksNothing?.() ? undefined : secrets.mask

type ResponseOptions = {
  /** A `truncate` fault streams the answer: the journal must not read it. */
  readonly isStreamed: boolean
  /** Masked in the answer besides secret-named fields. */
  readonly secrets?: JournalSecrets | undefined
  /** The answer's text, when its server holds it (the proxy's target's answer, read whole). */
  readonly text?: string | undefined
  /** The journal's copy its writer made (an operation's own answer, journal-copy.ts). */
  readonly copy?: JournalCopy | undefined
}

const bodyOf = (res: Response, body: unknown): Omit<JournalEntry['response'], 'headers'> => ({
  contentType: res.headers.get('content-type'),
  body,
})

/** The content type and body to journal of an answer the node server holds (its lightweight one). */
const lightResponseBody = (
  { body, contentType }: LightweightBody,
  secrets: JournalSecrets | undefined,
  copy: JournalCopy | undefined,
  text: string | undefined,
): Omit<JournalEntry['response'], 'headers'> => {
  if (body === null) return { contentType, body: null }
  if (typeof body === 'string' && copy !== undefined && copy.text === body)
    return { contentType, body: journalWritten(copy, secrets) }
  if (typeof body === 'string') return { contentType, body: journalMasked(body, secrets) }
  if (body instanceof Uint8Array) return { contentType, body: journalBytes(body, secrets) }
  // A stream its server held the text of (the proxy's target's answer, read whole).
  if (text !== undefined) return { contentType, body: journalMasked(text, secrets) }
  return { contentType, body: STREAMED_BODY }
}

/** The content type and body to journal of an answer read from a clone (see `journalResponse`). */
const readResponseBody = async (
  res: Response,
  secrets: JournalSecrets | undefined,
): Promise<Omit<JournalEntry['response'], 'headers'>> => {
  const contentType = res.headers.get('content-type')
  if (res.body === null) return { contentType, body: null }
  if (res.bodyUsed) return { contentType, body: '(body not kept)' }
  const read = await readAtMost(cloneBody(res), MAX_JOURNALLED_BODY)
  if (read.kind === 'too-large')
    return { contentType, body: `(more than ${MAX_JOURNALLED_BODY} bytes, not kept)` }
  if (read.kind === 'broken') return { contentType, body: '(body not readable)' }
  return { contentType, body: journalBytes(new Uint8Array(read.bytes), secrets) }
}

/** The request body to journal, from its text as the handlers read it (Hono's cached text). */
export const journalRequestText = (text: string, secrets?: JournalSecrets): unknown =>
  journalMasked(text, secrets)

/**
 * The request body to journal, read from what the handlers already parsed when possible. A body
 * that nobody read and that may be large (no or a big Content-Length, or refused as too large) is
 * not read: the journal must not be a way around the body limit.
 */
export const journalRequestBody = async (
  req: HonoRequest,
  status: number,
  secrets?: JournalSecrets,
): Promise<unknown> => {
  const cached = req.bodyCache
  try {
    if (cached.text !== undefined) return journalMasked(await cached.text, secrets)
    if (cached.json !== undefined) return journalMasked(JSON.stringify(await cached.json), secrets)
    if (cached.arrayBuffer !== undefined) {
      const bytes = await cached.arrayBuffer
      return bytes.byteLength > MAX_JOURNALLED_BODY
        ? `(${bytes.byteLength} bytes, not kept)`
        : journalMasked(textOfBytes(bytes), secrets)
    }
  } catch {
    return '(body not readable)' // the body broke mid-stream: answered already, nothing to keep
  }
  const length = Number(req.header('content-length'))
  // A refused body is not touched at all: opening `raw.body` on a node server takes the socket's
  // stream from node, which then neither drains it nor keeps the connection (the client, still
  // sending, got a reset instead of the 413).
  if (status === 413)
    return Number.isFinite(length) ? `(${length} bytes, not kept)` : '(body not kept)'
  const stream = req.raw.body
  if (stream === null) return null
  if (req.raw.bodyUsed || length > MAX_JOURNALLED_BODY) {
    return Number.isFinite(length) ? `(${length} bytes, not kept)` : '(body not kept)'
  }
  const read = await readAtMost(stream, MAX_JOURNALLED_BODY)
  if (read.kind === 'too-large') return `(more than ${MAX_JOURNALLED_BODY} bytes, not kept)`
  if (read.kind === 'broken') return '(body not readable)'
  return journalMasked(new TextDecoder().decode(read.bytes), secrets)
}
