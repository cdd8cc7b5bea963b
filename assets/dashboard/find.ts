// Find: the journal's toolbar. Text (`q`), status, session and operation filter on the mock's
// side (GET /__mock/requests); "only violations" is the proxy's (a mock has none) and filters the
// page. The session select is the page's one session selection (selection.ts).
import { h } from './dom.js'
import {
  EVERY_SESSION,
  selectedSession,
  selectSession,
  sessionLabel,
  whenSessionSelected,
} from './selection.js'
import { createStagingCommand } from './staging-command.js'
import type { JournalEntry } from './types.js'

const OPERATIONS = ['createWorker', 'updateWorker', 'updateLlmProvider'] as const
const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const
/** Typing waits this long before the journal is read again. */
const TYPING_MS = 300
/**
 * Entries the page keeps; the oldest go first. More than the journal holds by default (1 000 of
 * the default session and 1 000 of the others): every entry it holds is on the page, and the
 * count says so when a larger journal (`limits.maxJournal`) holds more than the page.
 */
export const MAX_SHOWN = 5_000

export type Find = {
  readonly element: HTMLElement
  /** The query of GET /__mock/requests (and requests.har) for the filters set now. */
  query(): URLSearchParams
  /** Whether the page shows `entry` (the filters the mock does not apply). */
  isShown(entry: JournalEntry): boolean
  addSession(id: string): void
  /** `held`: how many entries the journal holds for the filters (its true count). */
  showCount(shown: number, held: number, withViolations: number): void
  /** A problem the mock answered for the filters (a bad status), or null to clear it. */
  refused(message: string | null): void
  /** Only the proxy's journal has violations: "only violations" shows there alone. */
  setProxy(isProxy: boolean): void
}

export const createFind = (
  changed: () => void,
  reshown: () => void,
  downloadHar: () => void,
): Find => {
  const search = h('input', {
    attrs: {
      type: 'search',
      id: 'filter-q',
      placeholder: 'method, path, body, header…',
      'aria-label': 'Search the journal',
      maxlength: '200',
    },
  })
  const status = h('input', {
    attrs: {
      type: 'text',
      id: 'filter-status',
      list: 'status-classes',
      placeholder: '4xx or 404',
      size: '7',
      'aria-label': 'Status',
    },
  })
  const statusClasses = h(
    'datalist',
    { attrs: { id: 'status-classes' } },
    ...STATUS_CLASSES.map((s) => h('option', { attrs: { value: s } })),
  )
  const session = h(
    'select',
    { attrs: { id: 'filter-session' } },
    h('option', { attrs: { value: EVERY_SESSION }, text: sessionLabel(EVERY_SESSION) }),
  )
  const operation = h(
    'select',
    { attrs: { id: 'filter-operation' } },
    h('option', { attrs: { value: '*' }, text: 'every operation' }),
    ...OPERATIONS.map((o) => h('option', { attrs: { value: o }, text: o })),
  )
  const violationsOnly = h('input', { attrs: { type: 'checkbox', id: 'filter-violations' } })
  const violationsLabel = h('label', { className: 'check' }, violationsOnly, ' only violations')
  const counter = h('span', { className: 'muted', attrs: { id: 'counter', 'aria-live': 'polite' } })
  const message = h('p', {
    className: 'message error',
    attrs: { role: 'status', id: 'find-message' },
  })
  const har = h('button', { text: 'Download HAR', attrs: { type: 'button', id: 'download-har' } })
  har.addEventListener('click', downloadHar)

  let typing: ReturnType<typeof setTimeout> | undefined
  const soon = () => {
    clearTimeout(typing)
    typing = setTimeout(changed, TYPING_MS)
  }
  for (const input of [search, status]) {
    input.addEventListener('input', soon)
    input.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter') return
      clearTimeout(typing)
      changed()
    })
  }
  operation.addEventListener('change', changed)
  violationsOnly.addEventListener('change', reshown)
  session.addEventListener('change', () => selectSession(session.value))

  const addSession = (id: string) => {
    if ([...session.options].some((o) => o.value === id)) return
    session.append(h('option', { attrs: { value: id }, text: sessionLabel(id) }))
  }
  whenSessionSelected((id) => {
    addSession(id)
    session.value = id
  })

  const query = () => {
    const params = new URLSearchParams()
    const selected = selectedSession()
    if (selected !== EVERY_SESSION) params.set('session', selected)
    if (operation.value !== '*') params.set('operation', operation.value)
    if (search.value.trim() !== '') params.set('q', search.value.trim())
    if (status.value.trim() !== '') params.set('status', status.value.trim().toLowerCase())
    return params
  }

  const staging = createStagingCommand(location.origin, query)
  for (const input of [search, status]) input.addEventListener('input', staging.refresh)
  operation.addEventListener('change', staging.refresh)
  whenSessionSelected(staging.refresh)

  const element = h(
    'div',
    { className: 'find' },
    h(
      'div',
      { className: 'row toolbar' },
      h('h2', { text: 'Requests' }),
      h('label', { className: 'search' }, 'Find ', search),
      h('label', {}, 'Status ', status, statusClasses),
      h('label', {}, 'Session ', session),
      h('label', {}, 'Operation ', operation),
      violationsLabel,
      counter,
      har,
    ),
    message,
    staging.element,
  )
  return {
    element,
    query,
    isShown: (entry) =>
      violationsLabel.hidden === true ||
      !violationsOnly.checked ||
      (entry.violations?.length ?? 0) > 0,
    addSession,
    showCount: (shown, held, withViolations) => {
      counter.textContent = `${shown} of ${held} requests${withViolations > 0 ? `, ${withViolations} with violations` : ''}${held > MAX_SHOWN ? ` (the newest ${MAX_SHOWN} on this page; the HAR download has them all)` : ''}`
    },
    refused: (text) => {
      message.textContent = text ?? ''
    },
    setProxy: (isProxy) => {
      violationsLabel.hidden = !isProxy
    },
  }
}
