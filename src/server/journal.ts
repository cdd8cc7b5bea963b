import { detached, excerpt } from '../common/excerpt.js'
import { jsonBytes } from '../common/json-bytes.js'
import { REDACTED, redactText } from '../secrets/index.js'
import { boundedPage, MAX_PAGE_BYTES, MAX_PAGE_LIMIT, type Page } from './bounded-page.js'
import { forReaders } from './journal-bodies.js'
import type { JournalEntry, JournalRule, JournalViolation } from './journal-entry.js'
import type { JournalHeaders } from './journal-headers.js'
import { hasStatusIn, holdsText, type StatusRange } from './journal-search.js'
import { createShelves, type Kept } from './journal-shelves.js'

// What a body becomes in the journal is journal-bodies.ts; the proxy journals its bodies with it.
export { journalBody } from './journal-bodies.js'
export type { JournalEntry, JournalViolation } from './journal-entry.js'

/** A rule as `record` takes it: its `id` may be left out (a rule of the scenario file). */
type RecordedRule = Omit<JournalRule, 'id'> & { readonly id?: string | null | undefined }

/**
 * What `record` takes: an entry without its seq, bodies as `journalBody` returns them and headers
 * as `journalHeaders` does; `rules` may be left out (none applied), `prefer` (none), headers (none
 * kept), and `response` (no answer: null content type and body).
 */
export type JournalRecord = Omit<
  JournalEntry,
  'seq' | 'rules' | 'response' | 'request' | 'prefer'
> & {
  readonly request: Omit<JournalEntry['request'], 'headers'> & { readonly headers?: JournalHeaders }
  readonly rules?: readonly RecordedRule[] | undefined
  readonly response?: Omit<JournalEntry['response'], 'headers'> & {
    readonly headers?: JournalHeaders
  }
  readonly prefer?: string | null
}

const NO_HEADERS: JournalHeaders = Object.freeze({})
const NO_RESPONSE = Object.freeze({ contentType: null, body: null, headers: NO_HEADERS })

/**
 * Most entries the default session keeps, and the other sessions together; the oldest go first
 * (journal-shelves.ts, docs/limits.md#limits).
 */
export const DEFAULT_MAX_JOURNAL = 1_000
/**
 * Most bytes of entries (their JSON size) the default session keeps, and the other sessions
 * together; the oldest go first. 1 000 ordinary entries take ~0.5 MB; this keeps 240 or more of
 * the largest (a 64 KiB body, a long path and query). assumption: see docs/limits.md#limits
 */
export const DEFAULT_MAX_JOURNAL_BYTES = 16 * 1024 * 1024
/** A path, query or content type longer than this is kept as an excerpt (docs/limits.md#limits). */
export const MAX_JOURNALLED_TEXT = 2 * 1024
/** Past this length a URL is worth copying out of (ordinary URLs are shared as they are). */
const MAX_SHARED_URL = 1024
/** Most violations kept per entry (a proxy's checks of one answer); the first ones are kept. */
export const MAX_JOURNALLED_VIOLATIONS = 20
/** A violation's message longer than this is kept as an excerpt. */
const MAX_VIOLATION_MESSAGE = 500
/** A violation's pointer (or check id) longer than this is kept as an excerpt. */
const MAX_VIOLATION_POINTER = 300
/** A rule's description longer than this is kept as an excerpt. */
const MAX_RULE_DESCRIPTION = 500
/** A rule's id or a `Prefer` value longer than this is kept as an excerpt. */
const MAX_SHORT_TEXT = 100

export type JournalFilter = {
  session?: string | undefined
  operationId?: string | undefined
  /** Text an entry holds somewhere (journal-search.ts), whatever its case. */
  q?: string | undefined
  /** The statuses an entry may have. */
  status?: StatusRange | undefined
}
/** A page of the journal: entries after `after` (a seq), at most `limit`, at most `maxBytes`. */
export type JournalPageQuery = JournalFilter & {
  after?: number | undefined
  limit?: number | undefined
  maxBytes?: number | undefined
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

/** A text cut to an excerpt, or null. */
const textOrNull = (text: string | null, max: number) => (text === null ? null : excerpt(text, max))

/** A rule as kept: its description and effect cut to excerpts. */
const keptRule = (rule: RecordedRule): JournalRule => ({
  id: textOrNull(rule.id ?? null, MAX_SHORT_TEXT),
  index: rule.index,
  description: textOrNull(rule.description, MAX_RULE_DESCRIPTION),
  effect: excerpt(rule.effect, MAX_RULE_DESCRIPTION),
})

/** Bytes of a journal answer besides its entries: `{"count":…,"entries":[],"next":…}`. */
const ANSWER_ROOM = 64

/**
 * The request journal: bounded by count and by bytes per session (journal-shelves.ts), newest
 * last, every entry redacted before it is stored and its path and query cut to excerpts.
 */
export const createJournal = (
  max: number = DEFAULT_MAX_JOURNAL,
  maxBytes: number = DEFAULT_MAX_JOURNAL_BYTES,
) => {
  const shelves = createShelves({ max, maxBytes })
  let seq = 0
  /** Who waits for the next entry (long polls of the journal). */
  let waiting: (() => void)[] = []
  const keep = (filter: JournalFilter) => {
    const q = filter.q?.toLowerCase()
    const { status } = filter
    return (entry: JournalEntry) =>
      (filter.session === undefined || entry.session === filter.session) &&
      (filter.operationId === undefined || entry.operationId === filter.operationId) &&
      (status === undefined || hasStatusIn(entry, status)) &&
      (q === undefined || holdsText(entry, q))
  }
  /** Kept entries after `after` that pass the filter, oldest first. */
  function* matching(filter: JournalFilter, after: number): Generator<Kept> {
    const passes = keep(filter)
    for (const item of shelves.items(filter.session))
      if (item.entry.seq > after && passes(item.entry)) yield item
  }
  return {
    record(input: JournalRecord) {
      seq++
      // Path and query are cut from the request's URL: from a long URL, keep copies, not views
      // that would keep the whole URL alive (see `detached`).
      const isLongUrl = input.path.length + input.query.length > MAX_SHARED_URL
      const own = (text: string) => {
        const kept = excerpt(text, MAX_JOURNALLED_TEXT)
        return isLongUrl && kept === text ? detached(text) : kept
      }
      const { request, response = NO_RESPONSE, rules = NO_RULES, violations, source } = input
      // One literal in the order readers see (seq after the request): a fixed shape, no copies.
      const entry: JournalEntry = {
        at: input.at,
        session: input.session,
        operationId: input.operationId,
        method: input.method,
        path: own(input.path),
        query: own(input.query),
        status: input.status,
        durationMs: input.durationMs,
        request: {
          contentType: textOrNull(request.contentType, MAX_JOURNALLED_TEXT),
          authorization: request.authorization === null ? null : REDACTED,
          headers: request.headers ?? NO_HEADERS,
          body: request.body,
        },
        seq,
        response: {
          contentType: textOrNull(response.contentType, MAX_JOURNALLED_TEXT),
          headers: response.headers ?? NO_HEADERS,
          body: response.body,
        },
        prefer: textOrNull(input.prefer ?? null, MAX_SHORT_TEXT),
        rules: rules.length === 0 ? NO_RULES : rules.map(keptRule),
      }
      // The proxy's: what it found wrong, and who answered.
      const masked = request.masked ?? []
      const stored: JournalEntry =
        violations === undefined && source === undefined && masked.length === 0
          ? entry
          : {
              ...entry,
              ...(masked.length === 0 ? {} : { request: { ...entry.request, masked } }),
              ...(violations === undefined ? {} : { violations: keptViolations(violations) }),
              ...(source === undefined ? {} : { source }),
            }
      shelves.add({ entry: stored, size: jsonBytes(stored), isGone: false })
      if (waiting.length > 0) {
        const woken = waiting
        waiting = []
        for (const wake of woken) wake()
      }
    },
    /** Resolves once the next entry is recorded, or at once when `signal` aborts. */
    nextRecord: (signal: AbortSignal) =>
      new Promise<void>((resolve) => {
        if (signal.aborted) return resolve()
        const wake = () => {
          signal.removeEventListener('abort', stop)
          resolve()
        }
        const stop = () => {
          waiting = waiting.filter((other) => other !== wake)
          resolve()
        }
        signal.addEventListener('abort', stop, { once: true })
        waiting.push(wake)
      }),
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
    /** How many entries the journal holds that pass the filter: the true count a page shows. */
    held(filter: JournalFilter = {}) {
      let count = 0
      for (const _ of matching(filter, 0)) count++
      return count
    },
    /** Bytes of the entries kept: the sum of their JSON sizes. */
    bytes: shelves.bytes,
    /** Removes matching entries; returns how many. */
    clear: (filter: JournalFilter = {}) => shelves.clear(keep(filter)),
  }
}
