// The rules of the selected session (GET /__mock/rules): the runtime ones, added from the page or
// the admin API, first (they apply first), then the scenario's; a runtime rule can be deleted.
import { call } from './api.js'
import { h, replace } from './dom.js'
import { sessionLabel, stateSession } from './selection.js'
import type { RuleBody, RuleListing } from './types.js'

/** The keys `ruleText` says in words; any other a rule has (a rate limit…) it names. */
const SAID = ['description', 'match', 'times', 'latency', 'respond', 'problem', 'fault']

/** A rule's latency as the journal words it: `latency 300 ms`. */
const latencyText = (latency: NonNullable<RuleBody['latency']>) =>
  typeof latency === 'number' ? `latency ${latency} ms` : `latency ${latency.min}–${latency.max} ms`

/** One line that says what a rule does: `createWorker: latency 300 ms, fault reset`. */
const ruleText = (rule: RuleBody) => {
  const { latency, respond, problem, fault } = rule
  const does = [
    latency !== undefined ? latencyText(latency) : '',
    respond ? `respond ${respond.status}` : '',
    problem ? `problem ${problem.status}${problem.title ? ` (${problem.title})` : ''}` : '',
    fault ? `fault ${fault}` : '',
    ...Object.keys(rule).filter((key) => !SAID.includes(key)),
  ].filter((effect) => effect !== '')
  return `${rule.match?.operation ?? '*'}: ${does.join(', ') || 'nothing'}`
}

export type RulesPanel = { readonly element: HTMLElement; refresh(): Promise<void> }

export const createRulesPanel = (): RulesPanel => {
  const title = h('h2', { text: 'Rules' })
  const list = h('ul', { className: 'rules', attrs: { 'aria-label': 'Rules' } })
  const message = h('p', { className: 'message', attrs: { role: 'status' } })

  const remove = async (id: string) => {
    const session = stateSession()
    if (!window.confirm(`Delete the rule ${id} of ${sessionLabel(session)}?`)) return
    const answer = await call(`/__mock/rules/${encodeURIComponent(id)}`, {
      method: 'DELETE',
      session,
    })
    message.className = answer.ok ? 'message' : 'message error'
    message.textContent = answer.ok ? `Deleted ${id}.` : `Refused: ${answer.message}`
    await refresh()
  }

  const refresh = async () => {
    const session = stateSession()
    title.textContent = `Rules of ${sessionLabel(session)}`
    const answer = await call<{ rules: RuleListing[] }>('/__mock/rules', { session })
    if (!answer.ok) {
      replace(list, h('li', { className: 'muted', text: `Rules not read: ${answer.message}` }))
      return
    }
    const { rules } = answer.body
    replace(
      list,
      rules.length === 0 &&
        h('li', {
          className: 'muted',
          text: 'No rules: every request is answered by its operation.',
        }),
      ...rules.map((listing) =>
        h(
          'li',
          { className: `rule ${listing.source}`, attrs: { 'data-rule': listing.id ?? '' } },
          h('code', { text: listing.id ?? 'scenario' }),
          h('span', { className: 'rule-text', text: ` ${ruleText(listing.rule)}` }),
          listing.remaining !== null &&
            h('span', { className: 'muted', text: ` · ${listing.remaining} left` }),
          listing.rule.description &&
            h('span', {
              className: 'description',
              text: listing.rule.description,
              title: listing.rule.description,
            }),
          listing.id !== null &&
            h('button', {
              className: 'delete-rule',
              text: 'Delete',
              attrs: { type: 'button', 'aria-label': `Delete rule ${listing.id}` },
              on: { click: () => void remove(listing.id ?? '') },
            }),
        ),
      ),
    )
  }

  const element = h('section', { className: 'panel rules-panel' }, title, message, list)
  return { element, refresh }
}
