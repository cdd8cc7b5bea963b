import { type Answer, call } from './api.js'
import { h, replace } from './dom.js'
import type { ScenarioSummary, SessionState, SessionSummary } from './types.js'

const label = (id: string) => (id === '' ? '(default)' : id)

const kib = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KiB`)

/** "in 3 s", "in 2 min": when a worker's status next changes, from now. */
const fromNow = (at: string) => {
  const s = Math.max(0, Math.round((Date.parse(at) - Date.now()) / 1000))
  return s < 120 ? `in ${s} s` : `in ${Math.round(s / 60)} min`
}

/** The provider's key as the state shows it: masked, at most its last four characters. */
const keyOf = (provider: SessionState['llmProviders'][number]) =>
  provider.hasApiKey ? `••••${provider.apiKeyLastFour ?? ''}` : '(none)'

export type Panels = {
  readonly element: HTMLElement
  /** Reads sessions, scenarios and the selected session's state again. */
  refresh(): Promise<void>
  /** The sessions known, for the journal's filter. */
  sessions(): string[]
}

/**
 * The mock's side panels: the sessions that exist, the selected session's scenario (switched
 * with one click) and its state, with Reset. `changed` runs after a switch or a reset.
 */
export const createPanels = (changed: (what: 'scenario' | 'reset') => void): Panels => {
  let selected = ''
  let known: SessionSummary[] = []
  let scenarios: ScenarioSummary[] = []
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

  const say = (answer: Answer<unknown>, done: string) => {
    message.textContent = answer.ok ? done : `Refused: ${answer.message}`
    message.className = answer.ok ? 'message' : 'message error'
  }

  const reset = async (session: string) => {
    const answer = await call('/__mock/reset', { method: 'POST', session })
    say(answer, session === '' ? 'Every session was reset.' : `Session ${session} was reset.`)
    await refresh()
    changed('reset')
  }
  resetOne.addEventListener('click', () => void reset(selected))
  resetAll.addEventListener('click', () => void reset(''))

  const useScenario = async (name: string) => {
    // A scenario with a state of its own replaces the session's workers and provider: ask first.
    const replaces = scenarios.find((s) => s.name === name)?.replacesData === true
    const question = `Switch ${label(selected)} to ${name}? Its workers and provider are replaced by the scenario's.`
    if (replaces && !window.confirm(question)) return
    const answer = await call('/__mock/scenario', {
      method: 'PUT',
      session: selected,
      body: { name },
    })
    say(answer, `Session ${label(selected)} now runs the scenario ${name}.`)
    await refresh()
    changed('scenario')
  }

  const renderSessions = () => {
    replace(
      sessionList,
      ...known.map((s) =>
        h(
          'li',
          {},
          h(
            'button',
            {
              className: 'session-button',
              attrs: { type: 'button', 'aria-pressed': String(s.id === selected) },
              on: {
                click: () => {
                  selected = s.id
                  void refresh()
                },
              },
            },
            h('strong', { text: label(s.id) }),
            h('span', {
              className: 'muted',
              text: ` ${s.scenario} · ${s.workers} workers · ${kib(s.bytes)}`,
            }),
          ),
        ),
      ),
    )
  }

  const renderScenarios = (current: string) => {
    scenarioTitle.textContent = `Scenario of ${label(selected)}: ${current}`
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

  const renderState = (s: SessionState) => {
    stateTitle.textContent = `State of ${label(s.session)}`
    // No header resets every session: the default one cannot be reset alone.
    resetOne.textContent = selected === '' ? 'Reset all sessions' : `Reset ${selected}`
    resetAll.hidden = selected === ''
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
      s.workers.length === 0
        ? h('p', { className: 'muted empty-state', text: 'No workers.' })
        : h(
            'table',
            { className: 'workers' },
            h(
              'thead',
              {},
              h('tr', {}, ...['worker', 'status', 'next change'].map((t) => h('th', { text: t }))),
            ),
            h(
              'tbody',
              {},
              ...s.workers.map((w) =>
                h(
                  'tr',
                  {},
                  h(
                    'td',
                    {},
                    h('span', { text: w.worker.name ?? '' }),
                    h('br'),
                    h('code', { className: 'muted', text: w.worker.id, title: w.worker.id }),
                  ),
                  h(
                    'td',
                    {},
                    h('span', {
                      className: `pill ${w.worker.status ?? ''}`,
                      text: w.worker.status ?? '?',
                    }),
                    ` ${w.worker.destination ?? ''}`,
                  ),
                  h('td', {
                    text: w.nextChange ? `${w.nextChange.status} ${fromNow(w.nextChange.at)}` : '—',
                    title: w.nextChange?.at ?? 'no further change',
                  }),
                ),
              ),
            ),
          ),
      s.next !== null &&
        h('p', { className: 'muted', text: 'More workers: GET /__mock/state?after=… pages on.' }),
    )
  }

  const refresh = async () => {
    const [sessionsAnswer, scenariosAnswer] = await Promise.all([
      call<{ sessions: SessionSummary[] }>('/__mock/sessions'),
      scenarios.length === 0
        ? call<{ scenarios: ScenarioSummary[] }>('/__mock/scenarios')
        : undefined,
    ])
    if (sessionsAnswer.ok) known = sessionsAnswer.body.sessions
    if (scenariosAnswer?.ok) scenarios = scenariosAnswer.body.scenarios
    // A reset of every session leaves only the default one: follow it.
    if (sessionsAnswer.ok && !known.some((s) => s.id === selected)) selected = ''
    renderSessions()
    const stateAnswer = await call<SessionState>('/__mock/state?limit=50', { session: selected })
    if (stateAnswer.ok) {
      renderState(stateAnswer.body)
      renderScenarios(stateAnswer.body.scenario)
    }
  }

  const element = h(
    'aside',
    { className: 'panels' },
    h('section', { className: 'panel' }, h('h2', { text: 'Sessions' }), sessionList),
    h(
      'section',
      { className: 'panel' },
      h('div', { className: 'row' }, stateTitle, resetOne, resetAll),
      message,
      state,
    ),
    h('section', { className: 'panel' }, scenarioTitle, scenarioList),
  )
  return { element, refresh, sessions: () => known.map((s) => s.id) }
}
