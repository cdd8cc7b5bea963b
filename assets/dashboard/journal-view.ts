import { curlOf } from './curl.js'
import { h, shown } from './dom.js'
import type { JournalEntry } from './types.js'

const statusClass = (status: number) =>
  status >= 500
    ? 'status s5'
    : status >= 400
      ? 'status s4'
      : status >= 300
        ? 's3 status'
        : 'status s2'

const time = (at: string) => {
  const date = new Date(at)
  return Number.isNaN(date.getTime()) ? at : date.toLocaleTimeString([], { hour12: false })
}

/** A term and its value, in a definition list. */
const field = (term: string, value: Node | string) => [h('dt', { text: term }), h('dd', {}, value)]

const bodyBlock = (body: unknown) =>
  body === null || body === undefined
    ? h('span', { className: 'muted', text: '(empty)' })
    : h('pre', { className: 'body', text: shown(body) })

const copyButton = (label: string, text: () => string) => {
  const button = h('button', { className: 'copy', text: label, attrs: { type: 'button' } })
  button.addEventListener('click', () => {
    const done = (result: string) => {
      button.textContent = result
      setTimeout(() => {
        button.textContent = label
      }, 1500)
    }
    navigator.clipboard.writeText(text()).then(
      () => done('Copied'),
      () => done('Select the line to copy'),
    )
  })
  return button
}

export { copyButton }

/**
 * One journal entry: a <details> whose summary is one line (time, method, path, status,
 * duration, session, violations), opened with the keyboard or a click to show the exchange.
 */
export const renderEntry = (entry: JournalEntry, origin: string): HTMLDetailsElement => {
  const violations = entry.violations ?? []
  const rules = entry.rules ?? []
  const curl = curlOf(entry, origin)
  const summary = h(
    'summary',
    {},
    h('span', { className: 'seq', text: `#${entry.seq}` }),
    h('span', { className: 'time', text: time(entry.at) }),
    h('span', { className: 'method', text: entry.method }),
    h('span', { className: 'path', text: `${entry.path}${entry.query}`, title: entry.path }),
    h('span', { className: statusClass(entry.status), text: String(entry.status) }),
    h('span', { className: 'duration', text: `${Math.round(entry.durationMs)} ms` }),
    h('span', { className: 'session', text: entry.session === '' ? '(default)' : entry.session }),
    rules.length > 0 &&
      h('span', {
        className: 'badge rules-badge',
        text: `${rules.length} rule${rules.length === 1 ? '' : 's'}`,
      }),
    violations.length > 0 &&
      h('span', {
        className: 'badge violations-badge',
        text: `${violations.length} violation${violations.length === 1 ? '' : 's'}`,
      }),
    entry.source === 'fallback' && h('span', { className: 'badge', text: 'fallback' }),
  )
  const request = h(
    'section',
    { className: 'half' },
    h('h4', { text: 'Request' }),
    h(
      'dl',
      {},
      ...field('method', entry.method),
      ...field('path', entry.path),
      ...field('query', entry.query === '' ? '(none)' : entry.query),
      ...field('content type', entry.request.contentType ?? '(none)'),
      ...field('authorization', entry.request.authorization ?? '(none)'),
      ...field('operation', entry.operationId ?? '(none)'),
    ),
    bodyBlock(entry.request.body),
  )
  const response = h(
    'section',
    { className: 'half' },
    h('h4', { text: 'Answer' }),
    h(
      'dl',
      {},
      ...field('status', String(entry.status)),
      ...field('content type', entry.response?.contentType ?? '(none)'),
      ...field('duration', `${entry.durationMs} ms`),
      ...(entry.source ? field('source', entry.source) : []),
    ),
    entry.response
      ? bodyBlock(entry.response.body)
      : h('span', { className: 'muted', text: '(not journalled)' }),
  )
  return h(
    'details',
    { className: violations.length > 0 ? 'entry has-violations' : 'entry' },
    summary,
    h(
      'div',
      { className: 'exchange' },
      violations.length > 0 &&
        h(
          'section',
          { className: 'violations' },
          h('h4', { text: 'Violations' }),
          h(
            'ul',
            {},
            ...violations.map((v) =>
              h(
                'li',
                {},
                h('code', { text: v.check }),
                v.pointer ? h('code', { className: 'pointer', text: v.pointer }) : null,
                ` ${v.message}`,
              ),
            ),
          ),
        ),
      h('div', { className: 'pair' }, request, response),
      // A proxied exchange met the target, not a scenario: no rules to show.
      entry.source === undefined &&
        h(
          'section',
          {},
          h('h4', { text: 'Scenario rules that fired' }),
          rules.length === 0
            ? h('span', { className: 'muted', text: 'none' })
            : h(
                'ul',
                {},
                ...rules.map((rule) =>
                  h(
                    'li',
                    {},
                    h('code', { text: `#${rule.index}` }),
                    ` ${rule.effect}`,
                    rule.description ? ` (${rule.description})` : '',
                  ),
                ),
              ),
        ),
      h(
        'section',
        { className: 'curl' },
        h(
          'h4',
          {},
          'curl ',
          copyButton('Copy as curl', () => curl),
        ),
        h('pre', { className: 'curl-line', text: curl }),
      ),
    ),
  )
}
