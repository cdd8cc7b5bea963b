// The journal as the page shows it: read live from GET /__mock/requests with Find's filters,
// newest first, each entry opening on the whole exchange and its actions (replay, a rule).
import { type Answer, call, TIMEOUT_MS } from './api.js'
import { h, replace } from './dom.js'
import { download } from './download.js'
import { type EntryActions, renderEntry } from './entry-view.js'
import { createFind, MAX_SHOWN } from './find.js'
import { EVERY_SESSION, selectedSession, whenSessionSelected } from './selection.js'
import type { JournalEntry, JournalPage } from './types.js'

/** What a read of the journal found: entries, none (its wait ended, or the filters changed), or a refusal. */
export type ReadOutcome = 'entries' | 'none' | 'failed'

/** Pages read in one poll at most: a burst larger than this is read over the next polls. */
const MAX_PAGES_PER_POLL = 10

export type JournalList = {
  readonly element: HTMLElement
  /**
   * Reads the entries after the last one read; with `waitMs`, the mock holds the read until an
   * entry comes (or that long), so the page shows it as it comes. A reload ends the wait.
   */
  read(waitMs?: number): Promise<ReadOutcome>
  /** Forgets the entries shown and reads the journal again from its start. */
  reload(): void
  addSession(id: string): void
  setProxy(isProxy: boolean): void
  /** The newest seq the page has read. */
  latestSeq(): number
  /** The entries after `after` in `session`, as the mock journals them (a replay's). */
  entriesAfter(after: number, session: string): Promise<JournalEntry[]>
}

export const createJournalList = (actions: EntryActions): JournalList => {
  let after = 0
  let latest = 0
  /** How many entries the journal holds for these filters (its last answer's `held`). */
  let held = 0
  /** Bumped on every reload: a read begun before it drops what it got. */
  let generation = 0
  /** Ends the read waiting for an entry, whose filters a reload changed. */
  let waiting: AbortController | undefined
  const shown = new Map<number, { entry: JournalEntry; element: HTMLDetailsElement }>()
  const list = h('div', {
    className: 'entries',
    attrs: { id: 'journal', 'aria-label': 'Request journal' },
  })
  const empty = h('p', {
    className: 'muted empty',
    text: 'No request yet. Call the mock and it shows here within a second.',
  })

  const applyFilters = () => {
    let count = 0
    let withViolations = 0
    for (const { entry, element } of shown.values()) {
      element.hidden = !find.isShown(entry)
      if (!element.hidden) count++
      if ((entry.violations?.length ?? 0) > 0) withViolations++
    }
    find.showCount(count, Math.max(held, shown.size), withViolations)
    const isFiltered = find.query().toString() !== ''
    empty.textContent = isFiltered
      ? 'No request matches these filters.'
      : 'No request yet. Call the mock and it shows here within a second.'
    empty.hidden = shown.size > 0
  }

  const reload = () => {
    generation++
    waiting?.abort()
    after = 0
    held = 0
    shown.clear()
    replace(list)
    applyFilters()
    void read()
  }

  const harName = () => {
    const session = selectedSession()
    return `worker-api-kit-${session === EVERY_SESSION || session === '' ? 'all' : session}.har`
  }
  const find = createFind(reload, applyFilters, () => {
    const query = find.query()
    void download(
      `/__mock/requests.har${query.toString() !== '' ? `?${query}` : ''}`,
      undefined,
      harName(),
    ).then(find.refused)
  })

  const add = (entries: JournalEntry[]) => {
    for (const entry of entries) {
      latest = Math.max(latest, entry.seq)
      if (shown.has(entry.seq)) continue
      const element = renderEntry(entry, location.origin, actions)
      shown.set(entry.seq, { entry, element })
      list.prepend(element) // newest first
      find.addSession(entry.session)
    }
    for (const [seq, { element }] of shown) {
      if (shown.size <= MAX_SHOWN) break
      element.remove()
      shown.delete(seq)
    }
    applyFilters()
  }

  const read = async (waitMs = 0): Promise<ReadOutcome> => {
    const begun = generation
    let outcome: ReadOutcome = 'none'
    for (let page = 0; page < MAX_PAGES_PER_POLL; page++) {
      const query = find.query()
      query.set('after', String(after))
      // Only the first page waits: the pages after it are there already.
      const wait = page === 0 ? waitMs : 0
      if (wait > 0) query.set('wait', String(wait))
      const stop = wait > 0 ? new AbortController() : undefined
      if (stop) waiting = stop
      const answer = await call<JournalPage>(`/__mock/requests?${query}`, {
        timeoutMs: wait + TIMEOUT_MS,
        ...(stop ? { signal: stop.signal } : {}),
      })
      if (begun !== generation) return 'none'
      find.refused(answer.ok ? null : `The journal refused these filters: ${answer.message}`)
      if (!answer.ok) return 'failed'
      if (answer.body.entries.length > 0) outcome = 'entries'
      held = answer.body.held
      add(answer.body.entries)
      const last = answer.body.entries.at(-1)
      if (last) after = last.seq
      if (answer.body.next === null) return outcome
      after = answer.body.next
    }
    return outcome
  }

  const entriesAfter = async (since: number, session: string) => {
    const found: JournalEntry[] = []
    let next: number | null = since
    for (let page = 0; page < MAX_PAGES_PER_POLL && next !== null; page++) {
      const query: URLSearchParams = new URLSearchParams({ after: String(next), session })
      const answer: Answer<JournalPage> = await call<JournalPage>(`/__mock/requests?${query}`)
      if (!answer.ok) break
      found.push(...answer.body.entries)
      next = answer.body.next
    }
    return found
  }

  // One session selection: picking a session anywhere shows its requests.
  whenSessionSelected(reload)

  const element = h('section', { className: 'journal' }, find.element, empty, list)
  applyFilters()
  return {
    element,
    read,
    reload,
    addSession: find.addSession,
    setProxy: (isProxy) => {
      find.setProxy(isProxy)
      applyFilters()
    },
    latestSeq: () => latest,
    entriesAfter,
  }
}
