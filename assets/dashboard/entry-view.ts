// One journal entry: a <details> whose summary is one line (time, method, path, status, duration,
// session, badges), opened with the keyboard or a click on everything the exchange carried.
import { copyButton } from './copy-button.js'
import { curlOf, isPreferRule, preferOf } from './curl.js'
import { type Child, h, shown } from './dom.js'
import { longValue } from './long-value.js'
import { sessionLabel } from './selection.js'
import type { JournalEntry } from './types.js'

/** What an opened entry offers beside what it shows: each builds its form into `host`. */
export type EntryActions = {
  replay?: (entry: JournalEntry, host: HTMLElement) => void
  answerNext?: (entry: JournalEntry, host: HTMLElement) => void
}

const statusClass = (status: number) =>
  `status s${Math.min(5, Math.max(1, Math.floor(status / 100)))}`

const time = (at: string) => {
  const date = new Date(at)
  return Number.isNaN(date.getTime()) ? at : date.toLocaleTimeString([], { hour12: false })
}

/** A term and its value, in a definition list. */
const field = (term: string, value: Node | string) => [h('dt', { text: term }), h('dd', {}, value)]

const bodyBlock = (body: unknown) =>
  body === null || body === undefined
    ? h('span', { className: 'muted', text: '(empty)' })
    : longValue(shown(body))

/** Headers as the journal keeps them (secret values `[REDACTED]`), each value wrapping. */
const headerList = (headers: Record<string, string> | undefined, fallback: [string, string][]) => {
  const pairs = headers ? Object.entries(headers) : fallback
  if (pairs.length === 0) return h('p', { className: 'muted', text: 'no headers' })
  return h(
    'dl',
    { className: 'headers' },
    ...pairs.flatMap(([name, value]) => [
      h('dt', { text: name }),
      h('dd', {}, value.length > 200 ? longValue(value, 'header-value') : value),
    ]),
  )
}

const section = (title: string, ...children: Child[]) =>
  h('section', {}, h('h4', { text: title }), ...children)

const shapedBy = (entry: JournalEntry) => {
  const rules = (entry.rules ?? []).filter((rule) => !isPreferRule(rule))
  const prefer = preferOf(entry)
  return section(
    'What shaped the answer',
    prefer === null &&
      rules.length === 0 &&
      h('span', { className: 'muted', text: 'the operation alone' }),
    h(
      'ul',
      { className: 'shaped' },
      prefer !== null && h('li', {}, h('code', { text: `Prefer: ${prefer}` })),
      ...rules.map((rule) =>
        h(
          'li',
          {},
          h('code', {
            text: rule.id ? `runtime ${rule.id}` : `scenario rule #${rule.index}`,
          }),
          ` ${rule.effect}`,
          rule.description ? ` (${rule.description})` : '',
        ),
      ),
    ),
  )
}

/** What a proxy found wrong, each check beside the JSON pointer it names. */
const violationList = (entry: JournalEntry) => {
  const violations = entry.violations ?? []
  if (violations.length === 0) return null
  return h(
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
          h('code', { className: 'pointer', text: v.pointer ?? '(the answer)' }),
          ` ${v.message}`,
        ),
      ),
    ),
  )
}

export const renderEntry = (
  entry: JournalEntry,
  origin: string,
  actions: EntryActions = {},
): HTMLDetailsElement => {
  const violations = entry.violations ?? []
  const rules = (entry.rules ?? []).filter((rule) => !isPreferRule(rule))
  const prefer = preferOf(entry)
  const curl = curlOf(entry, origin)
  const summary = h(
    'summary',
    {},
    h('span', { className: 'seq', text: `#${entry.seq}` }),
    h('span', { className: 'time', text: time(entry.at) }),
    h('span', { className: 'method', text: entry.method }),
    h('span', {
      className: 'path',
      text: `${entry.path}${entry.query}`,
      title: `${entry.path}${entry.query}`,
    }),
    h('span', { className: statusClass(entry.status), text: String(entry.status) }),
    h('span', { className: 'duration', text: `${Math.round(entry.durationMs)} ms` }),
    h('span', { className: 'session', text: sessionLabel(entry.session), title: entry.session }),
    h(
      'span',
      { className: 'badges' },
      prefer !== null && h('span', { className: 'badge prefer-badge', text: prefer }),
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
      entry.source === 'passthrough' &&
        h('span', { className: 'badge passthrough-badge', text: 'passed through' }),
    ),
  )
  const requestHeaders: [string, string][] = [
    ...(entry.request.contentType
      ? [['content-type', entry.request.contentType] as [string, string]]
      : []),
    ...(entry.request.authorization
      ? [['authorization', entry.request.authorization] as [string, string]]
      : []),
  ]
  const request = h(
    'section',
    { className: 'half request' },
    h('h4', { text: 'Request' }),
    h(
      'dl',
      {},
      ...field('method', entry.method),
      ...field('path', entry.path),
      ...field('query', entry.query === '' ? '(none)' : entry.query),
      ...field('operation', entry.operationId ?? '(none)'),
      ...field('session', sessionLabel(entry.session)),
    ),
    h('h4', { text: 'Request headers' }),
    headerList(entry.request.headers, requestHeaders),
    h('h4', { text: 'Request body' }),
    bodyBlock(entry.request.body),
  )
  const answerHeaders: [string, string][] = entry.response?.contentType
    ? [['content-type', entry.response.contentType]]
    : []
  const response = h(
    'section',
    { className: 'half response' },
    h('h4', { text: 'Answer' }),
    h(
      'dl',
      {},
      ...field('status', String(entry.status)),
      ...field('duration', `${entry.durationMs} ms`),
      ...(entry.source ? field('source', entry.source) : []),
    ),
    h('h4', { text: 'Answer headers' }),
    headerList(entry.response?.headers, answerHeaders),
    h('h4', { text: 'Answer body' }),
    entry.response
      ? bodyBlock(entry.response.body)
      : h('span', { className: 'muted', text: '(not journalled)' }),
  )
  const forms = h('div', { className: 'entry-forms' })
  const actionButton = (label: string, className: string, act?: EntryActions['replay']) =>
    act &&
    h('button', {
      className,
      text: label,
      attrs: { type: 'button' },
      on: { click: () => act(entry, forms) },
    })
  return h(
    'details',
    {
      className: violations.length > 0 ? 'entry has-violations' : 'entry',
      attrs: { 'data-seq': String(entry.seq) },
    },
    summary,
    h(
      'div',
      { className: 'exchange' },
      h(
        'div',
        { className: 'row actions' },
        actionButton('Replay', 'replay-button', actions.replay),
        entry.operationId !== null &&
          actionButton('Answer the next requests…', 'answer-next-button', actions.answerNext),
        copyButton('Copy as curl', () => curl),
      ),
      forms,
      violationList(entry),
      h('div', { className: 'pair' }, request, response),
      // A proxied exchange met the target, not a scenario: no rules to show.
      entry.source === undefined && shapedBy(entry),
      h(
        'section',
        { className: 'curl' },
        h('h4', { text: 'curl' }),
        h('pre', { className: 'curl-line', text: curl }),
      ),
    ),
  )
}
