import type { HonoRequest } from 'hono'
import type { OperationId } from '../api/operations.js'
import { readAtMost } from '../common/read-at-most.js'
import { mayHoldSecret, REDACTED, redactJson, redactText } from '../common/redact.js'

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
}

/** Most entries kept; the oldest go first (README#limits). */
export const DEFAULT_MAX_JOURNAL = 1_000
/** A body larger than this is journalled as its size only. */
const MAX_JOURNALLED_BODY = 64 * 1024

export type JournalFilter = { session?: string | undefined; operationId?: string | undefined }

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
  return typeof parsed === 'string' ? redactText(parsed) : redactJson(parsed)
}

/** An entry as readers see it: a kept text body parsed. */
const forReaders = (entry: JournalEntry): JournalEntry => {
  const { body } = entry.request
  if (!isCleanText(body)) return entry
  // Through redactJson all the same: it bounds the depth (a 10 000-deep array must not reach c.json).
  return { ...entry, request: { ...entry.request, body: redactJson(parsedOrText(body.cleanText)) } }
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
  const stream = req.raw.body
  if (stream === null) return null
  const length = Number(req.header('content-length'))
  if (status === 413 || req.raw.bodyUsed || length > MAX_JOURNALLED_BODY) {
    return Number.isFinite(length) ? `(${length} bytes, not kept)` : '(body not kept)'
  }
  const read = await readAtMost(stream, MAX_JOURNALLED_BODY)
  if (read.kind === 'too-large') return `(more than ${MAX_JOURNALLED_BODY} bytes, not kept)`
  if (read.kind === 'broken') return '(body not readable)'
  return journalBody(new TextDecoder().decode(read.bytes))
}

export type Journal = ReturnType<typeof createJournal>

/** The request journal: bounded, newest last, every entry redacted before it is stored. */
export const createJournal = (max: number = DEFAULT_MAX_JOURNAL) => {
  let entries: JournalEntry[] = []
  let seq = 0
  const keep = (filter: JournalFilter) => (entry: JournalEntry) =>
    (filter.session === undefined || entry.session === filter.session) &&
    (filter.operationId === undefined || entry.operationId === filter.operationId)
  return {
    record(entry: Omit<JournalEntry, 'seq'> & { request: { authorization: string | null } }) {
      seq++
      entries.push({
        ...entry,
        seq,
        request: {
          ...entry.request,
          authorization: entry.request.authorization === null ? null : REDACTED,
        },
      })
      // Trim in batches: copying the whole journal on every request once full cost ~3 % of the
      // mock's CPU in a profile. Readers see only the newest `max`.
      if (entries.length >= 2 * max) entries = entries.slice(entries.length - max)
    },
    list: (filter: JournalFilter = {}) => entries.slice(-max).filter(keep(filter)).map(forReaders),
    /** Removes matching entries; returns how many. */
    clear(filter: JournalFilter = {}) {
      entries = entries.slice(-max)
      const before = entries.length
      const drop = keep(filter)
      entries = entries.filter((entry) => !drop(entry))
      return before - entries.length
    },
  }
}
