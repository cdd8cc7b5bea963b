// "Answer the next N requests of this operation with …", from any entry: a `times` rule added to
// the entry's session at run time (POST /__mock/rules), as a scenario file's rule would be: after
// an optional delay (`latency`), the operation's own answer, a status and a JSON body (the entry's
// answer to start from), a problem+json, a dropped connection (`fault: reset`) or an answer cut
// off mid-body (`fault: truncate`).
import { call } from './api.js'
import { h, replace, shown } from './dom.js'
import { sessionLabel } from './selection.js'
import type { JournalEntry, RuleBody } from './types.js'

let forms = 0

const labelled = (text: string, control: HTMLElement) =>
  h('label', { className: 'field' }, h('span', { text }), control)

/** What the rule answers with, as the form's `kind` select names it. */
const KINDS = {
  respond: 'this answer',
  problem: 'a problem+json',
  operation: "the operation's own answer",
  reset: 'a dropped connection',
  truncate: 'the answer cut off mid-body',
} as const
type Kind = keyof typeof KINDS
const isKind = (value: string): value is Kind => Object.hasOwn(KINDS, value)

/** Builds the form into `host`; `added` runs once the mock took the rule. */
export const answerNextForm = (entry: JournalEntry, host: HTMLElement, added: () => void) => {
  const operation = entry.operationId ?? '*'
  const id = `rule-form-${++forms}`
  const times = h('input', {
    attrs: { type: 'number', min: '1', value: '1', id: `${id}-times`, name: 'times' },
  })
  const kind = h(
    'select',
    { attrs: { id: `${id}-kind`, name: 'kind' } },
    ...Object.entries(KINDS).map(([value, text]) => h('option', { attrs: { value }, text })),
  )
  // The mock bounds it (a scenario's waits) and says so when it refuses one.
  const latency = h('input', {
    attrs: {
      type: 'number',
      min: '0',
      step: '100',
      value: '0',
      id: `${id}-latency`,
      name: 'latency',
    },
  })
  const status = h('input', {
    attrs: {
      type: 'number',
      min: '200',
      max: '599',
      value: String(entry.status),
      id: `${id}-status`,
      name: 'status',
    },
  })
  const statusField = labelled('status', status)
  const body = h('textarea', {
    attrs: { rows: '6', id: `${id}-body`, name: 'body', spellcheck: 'false' },
  })
  body.value =
    entry.response?.body === undefined || entry.response.body === null
      ? ''
      : shown(entry.response.body)
  const title = h('input', { attrs: { type: 'text', id: `${id}-title`, name: 'title' } })
  const detail = h('input', { attrs: { type: 'text', id: `${id}-detail`, name: 'detail' } })
  const respondFields = h('div', { className: 'fields' }, labelled('JSON body (empty: none)', body))
  const problemFields = h(
    'div',
    { className: 'fields' },
    labelled('title', title),
    labelled('detail', detail),
  )
  const message = h('p', { className: 'message', attrs: { role: 'status' } })
  const showKind = () => {
    respondFields.hidden = kind.value !== 'respond'
    problemFields.hidden = kind.value !== 'problem'
    statusField.hidden = kind.value !== 'respond' && kind.value !== 'problem'
    status.min = kind.value === 'problem' ? '400' : '200'
    if (kind.value === 'problem' && Number(status.value) < 400) status.value = '503'
  }
  kind.addEventListener('change', showKind)
  showKind()

  /** What the chosen kind adds to the rule, or why the form cannot make one. */
  const answerOf = (chosen: Kind, delayed: boolean): Partial<RuleBody> | string => {
    switch (chosen) {
      case 'operation':
        return delayed ? {} : 'Give a delay, or choose what to answer with.'
      case 'reset':
      case 'truncate':
        return { fault: chosen }
      case 'problem':
        return {
          problem: {
            status: Number(status.value),
            ...(title.value ? { title: title.value } : {}),
            ...(detail.value ? { detail: detail.value } : {}),
          },
        }
      case 'respond':
        if (body.value.trim() === '') return { respond: { status: Number(status.value) } }
        try {
          return { respond: { status: Number(status.value), body: JSON.parse(body.value) } }
        } catch {
          return 'The body is not JSON: write JSON, or leave it empty.'
        }
    }
  }

  const ruleOf = (): RuleBody | string => {
    const chosen = kind.value
    if (!isKind(chosen)) return `No such answer: ${chosen}.`
    const delay = latency.value === '' ? 0 : Number(latency.value)
    const answer = answerOf(chosen, delay > 0)
    if (typeof answer === 'string') return answer
    return {
      description: `from the dashboard, after #${entry.seq}`,
      match: { operation },
      times: Number(times.value),
      ...(delay > 0 ? { latency: delay } : {}),
      ...answer,
    }
  }

  const form = h(
    'form',
    { className: 'rule-form', attrs: { 'aria-label': `Answer the next ${operation} requests` } },
    h('h4', { text: `Answer the next requests of ${operation} in ${sessionLabel(entry.session)}` }),
    h(
      'div',
      { className: 'row' },
      labelled('how many', times),
      labelled('with', kind),
      statusField,
      labelled('after a delay (ms)', latency),
    ),
    respondFields,
    problemFields,
    h(
      'div',
      { className: 'row' },
      h('button', { text: 'Add rule', attrs: { type: 'submit' } }),
      h('button', { text: 'Close', attrs: { type: 'button' }, on: { click: () => form.remove() } }),
    ),
    message,
  )
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    const rule = ruleOf()
    if (typeof rule === 'string') {
      message.textContent = rule
      message.className = 'message error'
      return
    }
    void call<{ id: string }>('/__mock/rules', {
      method: 'POST',
      session: entry.session,
      body: rule,
    }).then((answer) => {
      message.className = answer.ok ? 'message' : 'message error'
      message.textContent = answer.ok
        ? `Added ${answer.body.id}: the next ${rule.times} ${operation} requests of ${sessionLabel(entry.session)} get it.`
        : `Refused: ${answer.message}`
      if (answer.ok) added()
    })
  })
  replace(host, form)
  times.focus()
}
