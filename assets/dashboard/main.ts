// The mock's dashboard (GET /__mock/): the request journal live, the sessions, a session's
// scenario and state. Every value it shows comes from the admin API and is put in as text.
import { call, forgetToken, storedToken, storeToken, whenUnauthorized } from './api.js'
import { append, h, replace } from './dom.js'
import { copyButton, renderEntry } from './journal-view.js'
import { createPanels, type Panels } from './panels.js'
import type { Health, JournalEntry, JournalPage } from './types.js'

/** The journal is read about every second. */
const POLL_MS = 1_000
/** Pages read in one poll at most: a burst larger than this is read over the next polls. */
const MAX_PAGES_PER_POLL = 10
/** Entries the page keeps; the oldest go first. */
const MAX_ENTRIES = 500
/** The side panels and health are read every few polls. */
const PANELS_EVERY = 2
const OPERATIONS = ['createWorker', 'updateWorker', 'updateLlmProvider'] as const

const root = document.getElementById('app') ?? document.body
let health: Health | undefined
let after = 0
let isPaused = false
let polls = 0
const shownEntries = new Map<number, { entry: JournalEntry; element: HTMLDetailsElement }>()

// --- header -------------------------------------------------------------------------------
const modeBadge = h('span', { className: 'mode', attrs: { id: 'mode' } })
const facts = h('dl', { className: 'facts', attrs: { id: 'facts' } })
const header = h('header', {}, h('h1', {}, 'worker-api-kit ', modeBadge), facts)

const fact = (term: string, value: Node | string, id?: string) => [
  h('dt', { text: term }),
  h('dd', id ? { attrs: { id } } : {}, value),
]

const renderHealth = (next: Health) => {
  health = next
  if (next.mode === 'proxy') {
    modeBadge.textContent = 'proxy'
    replace(
      facts,
      ...fact('target', h('code', { text: next.target }), 'target'),
      ...fact('recording', next.recording ?? 'off'),
      ...fact('fallback', next.fallback ? 'on: the mock answers when the target cannot' : 'off'),
    )
    return
  }
  modeBadge.textContent = 'mock'
  const contract = next.contract ?? ''
  replace(
    facts,
    ...fact('scenario', next.scenario, 'scenario'),
    ...fact('org id', h('code', { text: next.orgId ?? '' })),
    ...fact('llm provider id', h('code', { text: next.llmProviderId ?? '' })),
    ...fact(
      'contract',
      h(
        'span',
        { className: 'contract' },
        h('code', { text: contract }),
        ' ',
        copyButton('Copy', () => contract),
      ),
    ),
  )
}

// --- token prompt --------------------------------------------------------------------------
const tokenInput = h('input', {
  attrs: { type: 'password', id: 'token', autocomplete: 'off', spellcheck: 'false' },
})
const tokenMessage = h('p', { className: 'muted' })
const tokenForm = h(
  'form',
  { className: 'token', attrs: { 'aria-label': 'Admin token' } },
  h('label', { attrs: { for: 'token' }, text: 'Admin token' }),
  tokenInput,
  h('button', { text: 'Use token', attrs: { type: 'submit' } }),
  tokenMessage,
)
tokenForm.hidden = true
tokenForm.addEventListener('submit', (event) => {
  event.preventDefault()
  storeToken(tokenInput.value)
  tokenInput.value = ''
  tokenForm.hidden = true
  isPaused = false
  void start()
})
whenUnauthorized(() => {
  const hadToken = storedToken() !== null
  if (hadToken) forgetToken()
  tokenMessage.textContent = hadToken
    ? 'That token was refused. The admin API needs the token given to the mock (--admin-token), or any bearer token under --auth.'
    : 'The admin API needs a token: the one given to the mock with --admin-token (any token under --auth). It is kept for this tab only.'
  tokenForm.hidden = false
  isPaused = true
  tokenInput.focus()
})

// --- journal -------------------------------------------------------------------------------
const sessionFilter = h(
  'select',
  { attrs: { id: 'filter-session' } },
  h('option', { attrs: { value: '*' }, text: 'every session' }),
)
const operationFilter = h(
  'select',
  { attrs: { id: 'filter-operation' } },
  h('option', { attrs: { value: '*' }, text: 'every operation' }),
  ...OPERATIONS.map((o) => h('option', { attrs: { value: o }, text: o })),
  h('option', { attrs: { value: '' }, text: 'other paths' }),
)
const violationsOnly = h('input', { attrs: { type: 'checkbox', id: 'filter-violations' } })
const counter = h('span', { className: 'muted', attrs: { id: 'counter' } })
const list = h('div', {
  className: 'entries',
  attrs: { id: 'journal', 'aria-label': 'Request journal' },
})
const empty = h('p', {
  className: 'muted empty',
  text: 'No request yet. Call the mock and it shows here within a second.',
})
const clearButton = h('button', { text: 'Clear view', attrs: { type: 'button' } })

const isShown = (entry: JournalEntry) =>
  (sessionFilter.value === '*' || entry.session === sessionFilter.value) &&
  (operationFilter.value === '*' || (entry.operationId ?? '') === operationFilter.value) &&
  (!violationsOnly.checked || (entry.violations?.length ?? 0) > 0)

const applyFilters = () => {
  let count = 0
  let withViolations = 0
  for (const { entry, element } of shownEntries.values()) {
    element.hidden = !isShown(entry)
    if (!element.hidden) count++
    if ((entry.violations?.length ?? 0) > 0) withViolations++
  }
  counter.textContent = `${count} of ${shownEntries.size} requests${withViolations > 0 ? `, ${withViolations} with violations` : ''}`
  empty.hidden = shownEntries.size > 0
}
for (const control of [sessionFilter, operationFilter, violationsOnly])
  control.addEventListener('change', applyFilters)

const addSessionOption = (id: string) => {
  if ([...sessionFilter.options].some((o) => o.value === id)) return
  sessionFilter.append(h('option', { attrs: { value: id }, text: id === '' ? '(default)' : id }))
}

const clearView = () => {
  for (const { element } of shownEntries.values()) element.remove()
  shownEntries.clear()
  applyFilters()
}
clearButton.addEventListener('click', clearView)

const addEntries = (entries: JournalEntry[]) => {
  for (const entry of entries) {
    if (shownEntries.has(entry.seq)) continue
    const element = renderEntry(entry, location.origin)
    element.hidden = !isShown(entry)
    shownEntries.set(entry.seq, { entry, element })
    list.prepend(element) // newest first
    addSessionOption(entry.session)
  }
  for (const [seq, { element }] of shownEntries) {
    if (shownEntries.size <= MAX_ENTRIES) break
    element.remove()
    shownEntries.delete(seq)
  }
  applyFilters()
}

const readJournal = async () => {
  for (let page = 0; page < MAX_PAGES_PER_POLL; page++) {
    const answer = await call<JournalPage>(`/__mock/requests?after=${after}`)
    if (!answer.ok) return
    addEntries(answer.body.entries)
    const last = answer.body.entries.at(-1)
    if (last) after = last.seq
    if (answer.body.next === null) return
    after = answer.body.next
  }
}

const journal = h(
  'section',
  { className: 'journal' },
  h(
    'div',
    { className: 'row toolbar' },
    h('h2', { text: 'Requests' }),
    h('label', {}, 'Session ', sessionFilter),
    h('label', {}, 'Operation ', operationFilter),
    h('label', { className: 'check' }, violationsOnly, ' only violations'),
    counter,
    clearButton,
  ),
  empty,
  list,
)

// --- start ---------------------------------------------------------------------------------
let panels: Panels | undefined
const layout = h('div', { className: 'layout' })

const readHealth = async () => {
  const answer = await call<Health>('/__mock/health')
  if (answer.ok) renderHealth(answer.body)
  return answer.ok
}

const refreshPanels = async () => {
  if (!panels) return
  await panels.refresh()
  for (const id of panels.sessions()) addSessionOption(id)
}

const tick = async () => {
  if (isPaused) return
  await readJournal()
  polls++
  if (polls % PANELS_EVERY === 0) await Promise.all([readHealth(), refreshPanels()])
}

let timer: ReturnType<typeof setTimeout> | undefined
const schedule = () => {
  clearTimeout(timer)
  timer = setTimeout(() => {
    void tick().finally(schedule)
  }, POLL_MS)
}

const start = async () => {
  if (!(await readHealth())) return
  const isProxy = health?.mode === 'proxy'
  document.body.classList.toggle('proxy', isProxy)
  if (!isProxy && !panels) {
    panels = createPanels((what) => {
      if (what === 'reset') clearView()
      after = 0
      void readHealth()
      void readJournal()
    })
  }
  replace(layout, panels?.element, journal)
  await Promise.all([readJournal(), refreshPanels()])
  schedule()
}

append(root, header, tokenForm, layout)
void start()
