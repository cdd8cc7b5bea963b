import { printable, printableLines } from '../../../common/printable.js'
import {
  exchangeName,
  type ReplayedExchange,
  type ReplayReport,
  replaySummaryLine,
  summarizeReplay,
} from '../replay-report.js'

const MARK = { passed: '✓', failed: '✗', skipped: '-' } as const

/** `#3 (page "Checkout") updateWorker PATCH /v1/workers/wrk_…: 200 → 422`. */
const headOf = (exchange: ReplayedExchange) => {
  const answered =
    exchange.sent === undefined
      ? ''
      : `: ${exchange.recordedStatus} → ${exchange.sent.status ?? exchange.sent.error ?? 'no answer'}`
  return `${MARK[exchange.outcome]} ${exchangeName(exchange)} ${exchange.operationId} ${exchange.method} ${printable(exchange.recordedUrl, 160)}${answered}`
}

/** One live progress line for a replayed exchange. */
export const formatExchangeLine = (exchange: ReplayedExchange): string =>
  printableLines(
    exchange.outcome === 'skipped'
      ? `${headOf(exchange)}: skipped, ${exchange.skipReason ?? ''}`
      : `${headOf(exchange)}${exchange.shapedBy ? ` (its recorded answer is no expectation, ${exchange.shapedBy}: request only)` : ''}`,
  )

/** What one exchange found: the spec's verdicts, then the consumer's, then how to send it again. */
const detailsOf = (exchange: ReplayedExchange): string[] => {
  const spec = exchange.spec.map(
    (v) =>
      `    ${v.severity === 'error' ? 'spec ✗' : 'spec !'} ${v.check}${v.pointer ? ` at ${v.pointer}` : ''}: ${v.message}`,
  )
  const consumer = exchange.consumer.map(
    (finding) =>
      `    ${finding.kind === 'failure' ? 'consumer ✗' : 'consumer risk'} ${finding.pointer || '(status)'}: ${finding.message}`,
  )
  const error = exchange.sent?.error ? [`    no answer: ${exchange.sent.error}`] : []
  return [...error, ...spec, ...consumer, ...(exchange.curl ? [`    ${exchange.curl}`] : [])]
}

/** The findings alone: every exchange that failed or carries a risk or a warning, in detail. */
export const formatReplayFindings = (report: Pick<ReplayReport, 'exchanges'>): string =>
  printableLines(
    report.exchanges
      .filter((e) => e.outcome === 'failed' || e.spec.length > 0 || e.consumer.length > 0)
      .map((e) => [headOf(e), ...detailsOf(e)].join('\n'))
      .join('\n\n'),
  )

const leftOutLine = ({ leftOut }: ReplayReport) => {
  const hosts = Object.entries(leftOut.otherHosts)
  const hostCount = hosts.reduce((sum, [, n]) => sum + n, 0)
  if (hostCount === 0 && leftOut.otherPaths === 0) return []
  const named = hosts
    .slice(0, 5)
    .map(([host, n]) => `${host} ${n}`)
    .join(', ')
  return [
    `left out of the recording: ${hostCount} entries to other hosts${hostCount > 0 ? ` (${named}${hosts.length > 5 ? ', …' : ''})` : ''}, ${leftOut.otherPaths} to other paths of the API's host`,
  ]
}

/** The whole report for a terminal: findings, what was skipped, what was left out, the verdict. */
export const formatReplayReport = (report: ReplayReport): string => {
  const found = formatReplayFindings(report)
  const skipped = report.exchanges.filter((e) => e.outcome === 'skipped')
  return printableLines(
    [
      ...(found ? ['', found] : []),
      ...(skipped.length > 0
        ? [
            '',
            'not sent:',
            ...skipped.map((e) => `  ${exchangeName(e)} ${e.operationId}: ${e.skipReason ?? ''}`),
          ]
        : []),
      '',
      ...leftOutLine(report),
      ...(report.idsCarried.length > 0
        ? [`ids carried: ${report.idsCarried.map((p) => `${p.recorded} → ${p.target}`).join(', ')}`]
        : []),
      `${report.requestCount} requests in ${(report.durationMs / 1000).toFixed(1)} s: ${report.recording} against ${report.baseUrl} (${report.workersCreated} workers created${report.profile === 'strict' ? ', strict' : ''})`,
      ...(report.abortedBecause ? [`stopped early: ${report.abortedBecause}`] : []),
      replaySummaryLine(summarizeReplay(report)),
    ].join('\n'),
  )
}
