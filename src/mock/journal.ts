import type { HonoRequest } from 'hono'
import type { OperationId } from '../api/operations.js'
import { readAtMost } from '../common/read-at-most.js'
import { isSecretName, mayHoldSecret, REDACTED, redactJson, redactText } from '../common/redact.js'
import { boundedPage, MAX_PAGE_BYTES, MAX_PAGE_LIMIT, type Page } from './bounded-page.js'
import { detached, excerpt } from './excerpt.js'
import { lightweightBody } from './internal/lightweight-body.js'
import { jsonBytes } from './json-bytes.js'

/** One request the mock answered, as test authors read it back. Secrets are masked on write. */
export type JournalEntry = {
  readonly seq: number
  readonly at: string
  readonly session: string
  readonly operationId: OperationId | null
  readonly method: string
  readonly path: string
  readonly query: string
  readonly status: number
  readonly durationMs: number
  readonly request: {
    readonly contentType: string | null
    /** `[REDACTED]` when an Authorization header was sent, else null. */
    readonly authorization: string | null
    /** The JSON body with secret fields masked, the text when not JSON, null when empty. */
    readonly body: unknown
  }
  /** The answer, journalled as the request is: secrets masked, a large body as its size. */
  readonly response: {
    readonly contentType: string | null
    /** The JSON body with secret fields masked, the text when not JSON, null when empty. */
    readonly body: unknown
  }
  /** The scenario rules that applied, in order: `effect` says what each did (`latency 300 ms`). */
  readonly rules: readonly JournalRule[]
  /** What a proxy found wrong with the target's answer (the mock never sets it). */
  readonly violations?: readonly JournalViolation[]
  /** Who answered a proxy: its target, or the mock it falls back on (the mock never sets it). */
  /** The proxy's: who answered, the target, the fallback mock, or the proxy itself (a 502/504/508 problem). */
  readonly source?: 'target' | 'fallback' | 'proxy'
}

/** A scenario rule that applied to a request (see `AppliedRule` in rules.ts). */
export type JournalRule = {
  readonly index: number
  readonly description: string | null
  readonly effect: string
}

/** A check a proxied answer failed: the check's id, where (a JSON pointer) and what. */
export type JournalViolation = {
  readonly check: string
  readonly pointer: string | null
  readonly message: string
}

/**
 * What `record` takes: an entry without its seq, bodies as `journalBody` returns them; `rules`
 * may be left out (none applied), and `response` (no answer: null content type and body).
 */
export type JournalRecord = Omit<JournalEntry, 'seq' | 'rules' | 'response'> & {
  readonly rules?: readonly JournalRule[]
  readonly response?: JournalEntry['response']
}

const NO_RESPONSE: JournalEntry['response'] = Object.freeze({ contentType: null, body: null })

/** Most entries kept; the oldest go first (README#limits). */
export const DEFAULT_MAX_JOURNAL = 1_000
/**
 * Most bytes of entries kept (their JSON size); the oldest go first. 1 000 ordinary entries take
 * ~0.5 MB; this keeps 240 or more of the largest (a 64 KiB body, a long path and query).
 * assumption: see README#limits
 */
export const DEFAULT_MAX_JOURNAL_BYTES = 16 * 1024 * 1024
/** A path, query or content type longer than this is kept as an excerpt (README#limits). */
export const MAX_JOURNALLED_TEXT = 2 * 1024
/** Past this length a URL is worth copying out of (ordinary URLs are shared as they are). */
const MAX_SHARED_URL = 1024
/** A body larger than this is journalled as its size only. */
export const MAX_JOURNALLED_BODY = 64 * 1024
/** Most violations kept per entry (a proxy's checks of one answer); the first ones are kept. */
export const MAX_JOURNALLED_VIOLATIONS = 20
/** A violation's message longer than this is kept as an excerpt. */
const MAX_VIOLATION_MESSAGE = 500
/** A violation's pointer (or check id) longer than this is kept as an excerpt. */
const MAX_VIOLATION_POINTER = 300
/** A rule's description longer than this is kept as an excerpt. */
const MAX_RULE_DESCRIPTION = 500
/** What a streamed answer (a `truncate` fault) is journalled as: its reader alone consumes it. */
const STREAMED_BODY = '(streamed body, not kept)'

export type JournalFilter = { session?: string | undefined; operationId?: string | undefined }
/** A page of the journal: entries after `after` (a seq), at most `limit`, at most `maxBytes`. */
export type JournalPageQuery = JournalFilter & {
  after?: number | undefined
  limit?: number | undefined
  maxBytes?: number | undefined
}

/** A body kept as text because it cannot hold a secret: parsed when the journal is read. */
type CleanText = { readonly cleanText: string }
const isCleanText = (body: unknown): body is CleanText =>
  typeof body === 'object' && body !== null && 'cleanText' in body

/** JSON parsed, or the text when it is not JSON. */
const parsedOrText = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/**
 * The body to journal. One that could hold a secret is parsed and redacted now (redacted on
 * write: no secret is ever stored); any other is kept as text and parsed on read, which keeps the
 * journal off the hot path (it cost a quarter of a rename's throughput when it parsed every body).
 */
export const journalBody = (text: string): unknown => {
  if (text === '') return null
  if (text.length > MAX_JOURNALLED_BODY) return `(${text.length} characters, not kept)`
  if (!mayHoldSecret(text)) return { cleanText: text } satisfies CleanText
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

// Through redactJson all the same: it bounds the depth (a 10 000-deep array must not reach c.json).
const readable = (body: unknown) =>
  isCleanText(body) ? redactJson(parsedOrText(body.cleanText)) : body

/** An entry as readers see it: kept text bodies parsed. */
const forReaders = (entry: JournalEntry): JournalEntry => {
  if (!isCleanText(entry.request.body) && !isCleanText(entry.response.body)) return entry
  return {
    ...entry,
    request: { ...entry.request, body: readable(entry.request.body) },
    response: { ...entry.response, body: readable(entry.response.body) },
  }
}

const journalBytes = (bytes: Uint8Array) =>
  bytes.byteLength > MAX_JOURNALLED_BODY
    ? `(${bytes.byteLength} bytes, not kept)`
    : journalBody(new TextDecoder().decode(bytes))

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
 * The answer to journal. Served by @hono/node-server, its body is read from the lightweight
 * Response's cache (no copy, and the answer keeps its single write); otherwise from the value
 * value or text it was written from (`written`), when given; otherwise from a clone, at most
 * MAX_JOURNALLED_BODY bytes of it. A streamed answer (`isStreamed`: a `truncate` fault) is
 * not read at all: the client must get exactly what the fault makes of it.
 */
export const journalResponse = async (
  res: Response,
  options: {
    isStreamed: boolean
    written?: { readonly json?: unknown; readonly text?: string | undefined }
  },
): Promise<JournalEntry['response']> => {
  const light = lightweightBody(res)
  if (light) {
    const { body, contentType } = light
    if (body === null) return { contentType, body: null }
    if (typeof body === 'string') return { contentType, body: journalBody(body) }
    if (body instanceof Uint8Array) return { contentType, body: journalBytes(body) }
    return { contentType, body: STREAMED_BODY }
  }
  const contentType = res.headers.get('content-type')
  if (options.isStreamed) return { contentType, body: STREAMED_BODY }
  // Written from this value or text: the same text, without reading the answer again.
  const { written } = options
  if (written?.text !== undefined) return { contentType, body: journalBody(written.text) }
  if (written?.json !== undefined)
    return { contentType, body: journalBody(JSON.stringify(written.json) ?? '') }
  if (res.body === null) return { contentType, body: null }
  if (res.bodyUsed) return { contentType, body: '(body not kept)' }
  const read = await readAtMost(cloneBody(res), MAX_JOURNALLED_BODY)
  if (read.kind === 'too-large')
    return { contentType, body: `(more than ${MAX_JOURNALLED_BODY} bytes, not kept)` }
  if (read.kind === 'broken') return { contentType, body: '(body not readable)' }
  return { contentType, body: journalBytes(new Uint8Array(read.bytes)) }
}

/**
 * The request body to journal, read from what the handlers already parsed when possible. A body
 * that nobody read and that may be large (no or a big Content-Length, or refused as too large) is
 * not read: the journal must not be a way around the body limit.
 */
export const journalRequestBody = async (req: HonoRequest, status: number): Promise<unknown> => {
  const cached = req.bodyCache
  try {
    if (cached.text !== undefined) return journalBody(await cached.text)
    if (cached.json !== undefined) return journalBody(JSON.stringify(await cached.json))
    if (cached.arrayBuffer !== undefined) {
      const bytes = await cached.arrayBuffer
      return bytes.byteLength > MAX_JOURNALLED_BODY
        ? `(${bytes.byteLength} bytes, not kept)`
        : journalBody(new TextDecoder().decode(bytes))
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
  return journalBody(new TextDecoder().decode(read.bytes))
}

export type Journal = ReturnType<typeof createJournal>

const NO_RULES: readonly JournalRule[] = Object.freeze([])

/** The first violations, each cut to excerpts and its message redacted (it may quote a body). */
const keptViolations = (violations: readonly JournalViolation[]): readonly JournalViolation[] =>
  violations.slice(0, MAX_JOURNALLED_VIOLATIONS).map((violation) => ({
    check: excerpt(violation.check, MAX_VIOLATION_POINTER),
    pointer: violation.pointer === null ? null : excerpt(violation.pointer, MAX_VIOLATION_POINTER),
    message: excerpt(redactText(violation.message), MAX_VIOLATION_MESSAGE),
  }))

/** Bytes of a journal answer besides its entries: `{"count":…,"entries":[],"next":…}`. */
const ANSWER_ROOM = 64

/** An entry as stored, with its size measured once. */
type Kept = { readonly entry: JournalEntry; readonly size: number }

/**
 * The request journal: bounded by count and by bytes, newest last, every entry redacted before it
 * is stored and its path and query cut to excerpts.
 */
export const createJournal = (
  max: number = DEFAULT_MAX_JOURNAL,
  maxBytes: number = DEFAULT_MAX_JOURNAL_BYTES,
) => {
  // Entries before `head` are dropped, their slots emptied at once so they can be collected:
  // trimming moves `head` on, and the array is compacted only once `head` passes the entries kept
  // (copying the journal on every request once full cost ~3 % of the mock's CPU in a profile).
  let kept: (Kept | undefined)[] = []
  let head = 0
  let bytes = 0
  let seq = 0
  const live = () => {
    if (head > 0) {
      kept = kept.slice(head)
      head = 0
    }
    return kept
  }
  const trim = () => {
    // The newest entry always stays: its body and texts are bounded, so it is small.
    while (kept.length - head > 1 && (kept.length - head > max || bytes > maxBytes)) {
      bytes -= kept[head]?.size ?? 0
      kept[head] = undefined
      head++
    }
    if (head >= 64 && head >= kept.length - head) live()
  }
  const keep = (filter: JournalFilter) => (entry: JournalEntry) =>
    (filter.session === undefined || entry.session === filter.session) &&
    (filter.operationId === undefined || entry.operationId === filter.operationId)
  /** Kept entries after `after` that pass the filter, oldest first. */
  function* matching(filter: JournalFilter, after: number) {
    const passes = keep(filter)
    for (let i = head; i < kept.length; i++) {
      const item = kept[i]
      if (item && item.entry.seq > after && passes(item.entry)) yield item
    }
  }
  return {
    record({ rules = [], response = NO_RESPONSE, violations, source, ...entry }: JournalRecord) {
      seq++
      // Path and query are cut from the request's URL: from a long URL, keep copies, not views
      // that would keep the whole URL alive (see `detached`).
      const isLongUrl = entry.path.length + entry.query.length > MAX_SHARED_URL
      const own = (text: string) => {
        const kept = excerpt(text, MAX_JOURNALLED_TEXT)
        return isLongUrl && kept === text ? detached(text) : kept
      }
      const stored: JournalEntry = {
        ...entry,
        seq,
        path: own(entry.path),
        query: own(entry.query),
        request: {
          ...entry.request,
          contentType:
            entry.request.contentType === null
              ? null
              : excerpt(entry.request.contentType, MAX_JOURNALLED_TEXT),
          authorization: entry.request.authorization === null ? null : REDACTED,
        },
        response: {
          contentType:
            response.contentType === null
              ? null
              : excerpt(response.contentType, MAX_JOURNALLED_TEXT),
          body: response.body,
        },
        rules:
          rules.length === 0
            ? NO_RULES
            : rules.map((rule) => ({
                index: rule.index,
                description:
                  rule.description === null
                    ? null
                    : excerpt(rule.description, MAX_RULE_DESCRIPTION),
                effect: excerpt(rule.effect, MAX_RULE_DESCRIPTION),
              })),
        ...(violations === undefined ? {} : { violations: keptViolations(violations) }),
        ...(source === undefined ? {} : { source }),
      }
      const size = jsonBytes(stored)
      kept.push({ entry: stored, size })
      bytes += size
      trim()
    },
    /** Every kept entry that passes the filter, oldest first (in-process readers). */
    list: (filter: JournalFilter = {}) =>
      [...matching(filter, 0)].map((item) => forReaders(item.entry)),
    /**
     * Entries after the seq `after`, oldest first, up to `limit` entries and about `maxBytes` of
     * JSON; `next` is the seq to read on from, or null at the end.
     */
    page(query: JournalPageQuery = {}): Page<JournalEntry, number> {
      const page = boundedPage(matching(query, query.after ?? 0), {
        limit: query.limit ?? MAX_PAGE_LIMIT,
        // what the answer's `{ count, entries, next }` leaves
        maxBytes: (query.maxBytes ?? MAX_PAGE_BYTES) - ANSWER_ROOM,
        sizeOf: (item) => item.size,
        cursorOf: (item) => item.entry.seq,
      })
      return { items: page.items.map((item) => forReaders(item.entry)), next: page.next }
    },
    /** Bytes of the entries kept: the sum of their JSON sizes. */
    bytes: () => bytes,
    /** Removes matching entries; returns how many. */
    clear(filter: JournalFilter = {}) {
      const drop = keep(filter)
      const before = live().length
      kept = kept.filter((item) => item !== undefined && !drop(item.entry))
      bytes = kept.reduce((sum, item) => sum + (item?.size ?? 0), 0)
      return before - kept.length
    },
  }
}
