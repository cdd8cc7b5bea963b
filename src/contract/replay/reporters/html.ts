import { STYLE } from '../../reporters/html.js'
import { escapeHtml } from '../../reporters/markup.js'
import {
  exchangeName,
  type ReplayedExchange,
  type ReplayReport,
  replaySummaryLine,
  summarizeReplay,
} from '../replay-report.js'

const row = (name: string, value: unknown) =>
  `<tr><th>${escapeHtml(name)}</th><td>${escapeHtml(value)}</td></tr>`

const REPLAY_STYLE = `${STYLE}.risk{border-left:3px solid #92400e}.passed-exchange{border-left:3px solid #166534;padding-left:.75rem;margin:1rem 0}.skipped-exchange{border-left:3px solid #999;padding-left:.75rem;margin:1rem 0}`

const listOf = (items: readonly string[]) =>
  items.length === 0
    ? ''
    : `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`

/** One section a recorded exchange: what was recorded, what the target answered, both verdicts. */
const sectionOf = (exchange: ReplayedExchange) => {
  const className =
    exchange.outcome === 'failed'
      ? 'finding'
      : exchange.outcome === 'skipped'
        ? 'skipped-exchange'
        : 'passed-exchange'
  const head = `<h3 class="${exchange.outcome}">${escapeHtml(`${exchangeName(exchange)} ${exchange.operationId} ${exchange.method}`)} · ${escapeHtml(exchange.outcome)}</h3>`
  const recorded = `<p>recorded: ${escapeHtml(exchange.recordedUrl)} → ${escapeHtml(exchange.recordedStatus)}${exchange.shapedBy ? ` (its answer is no expectation, ${escapeHtml(exchange.shapedBy)}: its request only is replayed)` : ''}</p>`
  if (exchange.outcome === 'skipped')
    return `<section class="${className}">${head}${recorded}<p>not sent: ${escapeHtml(exchange.skipReason)}</p></section>`
  const sent = exchange.sent
  const spec = listOf(
    exchange.spec.map(
      (v) => `${v.severity} ${v.check}${v.pointer ? ` at ${v.pointer}` : ''}: ${v.message}`,
    ),
  )
  const consumer = listOf(
    exchange.consumer.map(
      (f) =>
        `${f.kind === 'failure' ? 'failure' : 'consumer risk'} ${f.pointer || '(status)'}: ${f.message}`,
    ),
  )
  return `<section class="${className}">${head}${recorded}
<p>target: ${escapeHtml(sent?.url)} → ${escapeHtml(sent?.status ?? sent?.error ?? 'no answer')}</p>
<p>the spec's checks</p>${spec || '<p>all passed</p>'}
<p>against what the app saw</p>${consumer || '<p>the same status class and every field, of the same type</p>'}
${sent?.requestExcerpt ? `<p>request</p><pre>${escapeHtml(sent.requestExcerpt)}</pre>` : ''}<p>response</p><pre>${escapeHtml(sent?.responseExcerpt ?? '')}</pre>
${exchange.curl ? `<p>reproduce</p><pre>${escapeHtml(exchange.curl)}</pre>` : ''}</section>`
}

/** The replay as one self-contained HTML page: a summary, then a section a recorded exchange. */
export const formatReplayHtml = (report: ReplayReport): string => {
  const summary = replaySummaryLine(summarizeReplay(report))
  const hosts = Object.entries(report.leftOut.otherHosts)
    .map(([host, n]) => `${host} (${n})`)
    .join(', ')
  const facts = [
    row('recording', report.recording),
    row('target', report.baseUrl),
    row('verdict', summary),
    row('requests', `${report.requestCount} in ${(report.durationMs / 1000).toFixed(1)} s`),
    row('workers created', report.workersCreated),
    row('left out: other hosts', hosts || 'none'),
    row('left out: other paths', report.leftOut.otherPaths),
    row(
      'ids carried',
      report.idsCarried.map((p) => `${p.recorded} → ${p.target}`).join(', ') || 'none',
    ),
    row('profile', report.profile),
    row('started', report.startedAt),
    ...(report.abortedBecause ? [row('stopped early', report.abortedBecause)] : []),
  ].join('')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${escapeHtml(`worker-api-kit replay: ${summary}`)}</title><style>${REPLAY_STYLE}</style></head>
<body><h1>worker-api-kit replay of ${escapeHtml(report.recording)}</h1>
<table>${facts}</table>
<h2>Exchanges</h2>
${report.exchanges.map(sectionOf).join('\n')}
</body></html>
`
}
