// The mock's side panels: the sessions (one selection with the journal's filter), the selected
// session's state with its forms and Reset, its rules, and its scenario (switched with one click,
// exported as a file). Every destructive action asks first.
import { type Answer, call } from './api.js'
import { h, replace } from './dom.js'
import { download } from './download.js'
import { createRulesPanel } from './rules-panel.js'
import {
  EVERY_SESSION,
  selectedSession,
  selectSession,
  sessionLabel,
  stateSession,
} from './selection.js'
import { addWorkerForm, providerForm } from './state-forms.js'
import type { ScenarioSummary, SessionState, SessionSummary } from './types.js'
import { workerRow } from './worker-row.js'

const kib = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KiB`)

/** The provider's key as the state shows it: masked, at most its last four characters. */
const keyOf = (provider: SessionState['llmProviders'][number]) =>
  provider.hasApiKey ? `••••${provider.apiKeyLastFour ?? ''}` : '(none)'

export type Panels = {
  readonly element: HTMLElement
  /** Reads sessions, scenarios, the selected session's state and rules again. */
  refresh(force?: boolean): Promise<void>
  /** Reads the rules again (one was added from an entry). */
  refreshRules(): Promise<void>
  /** The sessions known, for the journal's filter. */
  sessions(): string[]
}

/** Sessions besides the default one that the panel shows open: those used last. */
const RECENT_SESSIONS = 5

/** `changed` runs after a switch or a reset (the journal reads itself again). */
export const createPanels = (changed: (what: 'scenario' | 'reset') => void): Panels => {
  let known: SessionSummary[] = []
  let scenarios: ScenarioSummary[] = []
  const rules = createRulesPanel()
  const message = h('p', { className: 'message', attrs: { role: 'status' } })
  const sessionList = h('ul', { className: 'sessions', attrs: { 'aria-label': 'Sessions' } })
  const scenarioList = h('ul', { className: 'scenarios', attrs: { 'aria-label': 'Scenarios' } })
  const scenarioTitle = h('h2', { text: 'Scenario' })
  const state = h('div', { className: 'state' })
  const stateTitle = h('h2', { text: 'State' })
  const resetOne = h('button', { text: 'Reset', attrs: { type: 'button', id: 'reset' } })
  const resetAll = h('button', {
    text: 'Reset all sessions',
    attrs: { type: 'button', id: 'reset-all' },
  })
  const exportButton = h('button', {
    text: 'Export as scenario file',
    attrs: { type: 'button', id: 'export-scenario' },
  })

  const say = (answer: Answer<unknown>, done: string) => {
    message.textContent = answer.ok ? done : `Refused: ${answer.message}`
    message.className = answer.ok ? 'message' : 'message error'
  }

  const reset = async (session: string) => {
    const question =
      session === ''
        ? 'Reset every session? Their workers, providers and runtime rules start again from their scenarios.'
        : `Reset ${session}? Its workers, provider and runtime rules start again from its scenario.`
    if (!window.confirm(question)) return
    const answer = await call('/__mock/reset', { method: 'POST', session })
    say(answer, session === '' ? 'Every session was reset.' : `Session ${session} was reset.`)
    await refresh(true)
    changed('reset')
  }
  resetOne.addEventListener('click', () => void reset(stateSession()))
  resetAll.addEventListener('click', () => void reset(''))
  exportButton.addEventListener('click', () => {
    const session = stateSession()
    void download('/__mock/scenario/export', session, 'scenario.json').then((problem) => {
      message.textContent =
        problem === null
          ? `Exported ${sessionLabel(session)} as a scenario file.`
          : `Refused: ${problem}`
      message.className = problem === null ? 'message' : 'message error'
    })
  })

  const useScenario = async (name: string) => {
    const session = stateSession()
    // A scenario with a state of its own replaces the session's workers and provider: ask first.
    const replaces = scenarios.find((s) => s.name === name)?.replacesData === true
    const question = `Switch ${sessionLabel(session)} to ${name}? Its workers and provider are replaced by the scenario's.`
    if (replaces && !window.confirm(question)) return
    const answer = await call('/__mock/scenario', { method: 'PUT', session, body: { name } })
    say(answer, `Session ${sessionLabel(session)} now runs the scenario ${name}.`)
    await refresh(true)
    changed('scenario')
  }

  const sessionButton = (id: string, detail: string) =>
    h(
      'li',
      {},
      h(
        'button',
        {
          className: 'session-button',
          attrs: {
            type: 'button',
            'aria-pressed': String(id === selectedSession()),
            'data-session': id,
          },
          on: { click: () => selectSession(id) },
        },
        h('strong', { text: sessionLabel(id) }),
        h('span', { className: 'muted', text: detail }),
      ),
    )

  const summaryButton = (s: SessionSummary) =>
    sessionButton(s.id, ` ${s.scenario} · ${s.workers} workers · ${kib(s.bytes)}`)
  /**
   * All sessions, the default one, and the RECENT_SESSIONS used last (newest first) in view; the
   * others (a test run's sessions, idle since) under one collapsed line, unless one is selected.
   */
  const renderSessions = () => {
    // The mock lists sessions least recently used first.
    const named = known.filter((s) => s.id !== '').reverse()
    const isInView = (s: SessionSummary, index: number) =>
      index < RECENT_SESSIONS || s.id === selectedSession()
    const inView = [...known.filter((s) => s.id === ''), ...named.filter(isInView)]
    const idle = named.filter((s, index) => !isInView(s, index))
    replace(
      sessionList,
      sessionButton(EVERY_SESSION, ' the journal of all; the state of (default)'),
      ...inView.map(summaryButton),
      ...(idle.length === 0
        ? []
        : [
            h(
              'li',
              {},
              h(
                'details',
                { className: 'idle-sessions' },
                h('summary', { text: `${idle.length} more sessions, used longer ago` }),
                h('ul', { className: 'sessions' }, ...idle.map(summaryButton)),
              ),
            ),
          ]),
    )
  }

  const renderScenarios = (current: string) => {
    scenarioTitle.textContent = `Scenario of ${sessionLabel(stateSession())}: ${current}`
    replace(
      scenarioList,
      ...scenarios.map((s) =>
        h(
          'li',
          {},
          h(
            'button',
            {
              className: 'scenario-button',
              attrs: {
                type: 'button',
                'aria-pressed': String(s.name === current),
                'data-scenario': s.name,
              },
              on: { click: () => void useScenario(s.name) },
            },
            h('strong', { text: s.name }),
          ),
          h('span', { className: 'description', text: s.description, title: s.description }),
        ),
      ),
    )
  }

  /** After a form: say what happened, stop editing, read the state again. */
  const done = (answer: Answer<unknown>, what: string) => {
    if (what !== '') say(answer, what)
    void refresh(true)
  }

  const renderState = (s: SessionState) => {
    stateTitle.textContent = `State of ${sessionLabel(s.session)}`
    // No header resets every session: the default one cannot be reset alone.
    resetOne.textContent = s.session === '' ? 'Reset all sessions' : `Reset ${s.session}`
    resetAll.hidden = s.session === ''
    const provider = s.llmProviders[0]
    replace(
      state,
      h(
        'dl',
        {},
        h('dt', { text: 'organization' }),
        h(
          'dd',
          {},
          h('code', { text: s.organizations[0]?.id ?? s.orgId }),
          ` ${s.organizations[0]?.name ?? ''}`,
        ),
        h('dt', { text: 'llm provider' }),
        h(
          'dd',
          {},
          h('code', { text: provider?.id ?? s.llmProviderId }),
          provider
            ? ` ${provider.providerId ?? provider.source ?? ''} · key ${keyOf(provider)}`
            : '',
        ),
        h('dt', { text: 'stored' }),
        h('dd', { text: `${s.stored.workers} workers, ${kib(s.stored.bytes)}` }),
      ),
      providerForm(provider, done),
      s.workers.length === 0
        ? h('p', { className: 'muted empty-state', text: 'No workers.' })
        : h(
            'table',
            { className: 'workers' },
            h(
              'thead',
              {},
              h(
                'tr',
                {},
                ...['worker', 'status', 'next change', ''].map((t) => h('th', { text: t })),
              ),
            ),
            h('tbody', {}, ...s.workers.map((w) => workerRow(w, done))),
          ),
      s.next !== null &&
        h('p', { className: 'muted', text: 'More workers: GET /__mock/state?after=… pages on.' }),
      addWorkerForm(done),
    )
  }

  /** Something is being typed or chosen in the state panel: the poll does not redraw it. */
  const isEditing = () => {
    const active = document.activeElement
    const isField =
      active instanceof HTMLInputElement ||
      active instanceof HTMLTextAreaElement ||
      active instanceof HTMLSelectElement
    return (
      (isField && state.contains(active)) ||
      state.querySelector('form.rename, details.provider-edit[open]') !== null
    )
  }

  const refresh = async (force = false) => {
    const [sessionsAnswer, scenariosAnswer] = await Promise.all([
      call<{ sessions: SessionSummary[] }>('/__mock/sessions'),
      scenarios.length === 0
        ? call<{ scenarios: ScenarioSummary[] }>('/__mock/scenarios')
        : undefined,
    ])
    if (sessionsAnswer.ok) known = sessionsAnswer.body.sessions
    if (scenariosAnswer?.ok) scenarios = scenariosAnswer.body.scenarios
    // A reset of every session leaves only the default one: follow it.
    const selected = selectedSession()
    if (sessionsAnswer.ok && selected !== EVERY_SESSION && !known.some((s) => s.id === selected))
      selectSession(EVERY_SESSION)
    renderSessions()
    await rules.refresh()
    // A form being filled in is not redrawn under the cursor: the next poll after it shows the state.
    if (!force && isEditing()) return
    const stateAnswer = await call<SessionState>('/__mock/state?limit=50', {
      session: stateSession(),
    })
    // ...nor one opened while the state was being read: the answer would redraw it away.
    if (!force && isEditing()) return
    if (stateAnswer.ok) {
      renderState(stateAnswer.body)
      renderScenarios(stateAnswer.body.scenario)
    }
  }

  const element = h(
    'aside',
    { className: 'panels', attrs: { id: 'panels', 'aria-label': 'Sessions and their state' } },
    h('section', { className: 'panel' }, h('h2', { text: 'Sessions' }), sessionList),
    h(
      'section',
      { className: 'panel state-panel' },
      h('div', { className: 'row' }, stateTitle, resetOne, resetAll),
      message,
      state,
    ),
    rules.element,
    h(
      'section',
      { className: 'panel' },
      h('div', { className: 'row' }, scenarioTitle, exportButton),
      scenarioList,
    ),
  )
  return { element, refresh, refreshRules: rules.refresh, sessions: () => known.map((s) => s.id) }
}
