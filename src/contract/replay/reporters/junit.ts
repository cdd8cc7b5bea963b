import { cdata, escapeXml } from '../../reporters/markup.js'
import {
  exchangeName,
  type ReplayedExchange,
  type ReplayReport,
  summarizeReplay,
} from '../replay-report.js'
import { formatReplayFindings } from './console.js'

/** One test case a recorded exchange: failed, skipped (with why), or passed (risks as output). */
const testcase = (exchange: ReplayedExchange): string => {
  const name = `${exchangeName(exchange)} ${exchange.method} ${exchange.recordedUrl}`
  const attrs = `classname="${escapeXml(`replay.${exchange.page ?? exchange.operationId}`)}" name="${escapeXml(name)}" time="${((exchange.sent?.durationMs ?? 0) / 1000).toFixed(3)}"`
  if (exchange.outcome === 'skipped')
    return `    <testcase ${attrs}>\n      <skipped message="${escapeXml(exchange.skipReason ?? 'not sent')}"/>\n    </testcase>`
  const details = formatReplayFindings({ exchanges: [exchange] })
  if (exchange.outcome === 'failed') {
    const first =
      exchange.spec[0]?.message ??
      exchange.consumer.find((f) => f.kind === 'failure')?.message ??
      exchange.sent?.error ??
      'failed'
    return `    <testcase ${attrs}>\n      <failure message="${escapeXml(first)}" type="replay">${cdata(details)}</failure>\n    </testcase>`
  }
  return details === ''
    ? `    <testcase ${attrs}/>`
    : `    <testcase ${attrs}>\n      <system-out>${cdata(details)}</system-out>\n    </testcase>`
}

/** The replay as JUnit XML: one test suite, one test case a recorded exchange. */
export const formatReplayJunit = (report: ReplayReport): string => {
  const summary = summarizeReplay(report)
  const suite = `worker-api-kit replay ${report.recording}`
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${escapeXml(suite)}" tests="${report.exchanges.length}" failures="${summary.failed}" skipped="${summary.skipped}" time="${(report.durationMs / 1000).toFixed(3)}">`,
    `  <testsuite name="${escapeXml(suite)}" tests="${report.exchanges.length}" failures="${summary.failed}" errors="0" skipped="${summary.skipped}" timestamp="${escapeXml(report.startedAt)}">`,
    ...report.exchanges.map(testcase),
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n')
}
