import type { HonoRequest } from 'hono'
import type { OperationId } from '../api/operations.js'
import { REDACTED, redactJson, redactText } from '../common/redact.js'

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

/** The body to journal: parsed and redacted JSON, or the text, or its size when too large. */
export const journalBody = (text: string): unknown => {
  if (text === '') return null
  if (text.length > MAX_JOURNALLED_BODY) return `(${text.length} characters, not kept)`
  try {
    return redactJson(JSON.parse(text))
  } catch {
    return redactText(text) // not JSON (malformed, a form): mask secret fields by name
  }
}

/** At most `max` bytes of a body nobody read, or undefined when it is longer (then not read on). */
const readAtMost = async (request: Request, max: number): Promise<string | undefined> => {
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > max) {
      await reader.cancel().catch(() => undefined)
      return undefined
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return new TextDecoder().decode(bytes)
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
  if (req.raw.body === null) return null
  const length = Number(req.header('content-length'))
  if (status === 413 || req.raw.bodyUsed || length > MAX_JOURNALLED_BODY) {
    return Number.isFinite(length) ? `(${length} bytes, not kept)` : '(body not kept)'
  }
  const text = await readAtMost(req.raw, MAX_JOURNALLED_BODY).catch(() => undefined)
  return text === undefined
    ? `(more than ${MAX_JOURNALLED_BODY} bytes, not kept)`
    : journalBody(text)
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
    list: (filter: JournalFilter = {}) => entries.slice(-max).filter(keep(filter)),
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
