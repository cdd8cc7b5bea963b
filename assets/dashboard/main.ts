// The dashboard (GET /__mock/): the request journal live, found, seen whole and replayed; under
// the mock, the sessions with their state, rules and scenario, edited in place. Every value it
// shows comes from the admin API and is put in as text.
import { call, forgetToken, storedToken, storeToken, whenUnauthorized } from './api.js'
import { copyButton } from './copy-button.js'
import { append, h, replace } from './dom.js'
import type { EntryActions } from './entry-view.js'
import { createJournalList } from './journal-list.js'
import { createPanels, type Panels } from './panels.js'
import { replayForm } from './replay.js'
import { answerNextForm } from './rule-form.js'
import { whenSessionSelected } from './selection.js'
import type { Health } from './types.js'

/**
 * A read of the journal waits this long for an entry: the mock answers as one comes, so a request
 * shows at once, and an idle page asks about twice a minute (it asked every second).
 */
const JOURNAL_WAIT_MS = 25_000
/** After a read that brought entries, the next waits this long: a burst is read in batches. */
const BURST_GAP_MS = 250
/** After a failed read (the mock stopped, a filter refused, the token asked for), this long. */
const RETRY_MS = 1_000
/**
 * The side panels and health are read this often, and as soon as entries come in (a request may
 * have changed the state); a change by the admin API alone shows within this.
 */
const PANELS_MS = 2_000

const root = document.getElementById('app') ?? document.body
let health: Health | undefined
let isPaused = false

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

// --- journal and panels ---------------------------------------------------------------------
let panels: Panels | undefined
const actions: EntryActions = {
  replay: (entry, host) => replayForm(entry, host, journal.latestSeq, journal.entriesAfter),
}
const journal = createJournalList(actions)
const layout = h('div', { className: 'layout' })
/** Where the panels are, at 800 px: below the journal, which comes first (styles/narrow.css). */
const toPanels = h('a', {
  className: 'to-panels',
  text: 'Sessions, state, rules and scenario ↓',
  attrs: { href: '#panels' },
})

const readHealth = async () => {
  const answer = await call<Health>('/__mock/health')
  if (answer.ok) renderHealth(answer.body)
  return answer.ok
}

const refreshPanels = async () => {
  if (!panels) return
  await panels.refresh()
  for (const id of panels.sessions()) journal.addSession(id)
}
// One session selection: the panels follow the journal's filter, and the other way round.
whenSessionSelected(() => void refreshPanels())

/** One read of the panels and health at a time: a call while one runs gets that one. */
let reading: Promise<void> | undefined
const readPanels = () => {
  reading ??= Promise.all([readHealth(), refreshPanels()])
    .then(() => undefined)
    .finally(() => {
      reading = undefined
    })
  return reading
}

let journalTimer: ReturnType<typeof setTimeout> | undefined
let isFollowing = false
/** Reads the journal as entries come, and the panels after them; again and again. */
const followJournal = async () => {
  if (isPaused) {
    isFollowing = false
    return
  }
  const outcome = await journal.read(JOURNAL_WAIT_MS)
  if (outcome === 'entries') void readPanels()
  const gap = outcome === 'failed' ? RETRY_MS : outcome === 'entries' ? BURST_GAP_MS : 0
  journalTimer = setTimeout(() => void followJournal(), gap)
}

let panelsTimer: ReturnType<typeof setTimeout> | undefined
const schedulePanels = () => {
  clearTimeout(panelsTimer)
  panelsTimer = setTimeout(() => {
    void (isPaused ? Promise.resolve() : readPanels()).finally(schedulePanels)
  }, PANELS_MS)
}

const schedule = () => {
  schedulePanels()
  if (isFollowing) return
  isFollowing = true
  clearTimeout(journalTimer)
  void followJournal()
}

const start = async () => {
  if (!(await readHealth())) return
  const isProxy = health?.mode === 'proxy'
  document.body.classList.toggle('proxy', isProxy)
  journal.setProxy(isProxy)
  // State, rules and scenarios are the mock's: a proxy has none to edit.
  if (!isProxy && !panels) {
    const created = createPanels(() => {
      journal.reload()
      void readHealth()
    })
    panels = created
    actions.answerNext = (entry, host) =>
      answerNextForm(entry, host, () => void created.refreshRules())
  }
  // The journal first: the page's order, and what a narrow window shows at the top; the panels
  // sit left of it on a wide screen (styles/panels.css).
  replace(layout, panels && toPanels, journal.element, panels?.element)
  await Promise.all([journal.read(), refreshPanels()])
  schedule()
}

append(root, header, tokenForm, layout)
void start()
