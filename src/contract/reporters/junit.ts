import { type CheckResult, type Report, type SkippedCase, summarize } from '../report.js'
import { formatFailures } from './console.js'
import { cdata, escapeXml } from './markup.js'

const testcase = (result: CheckResult, report: Report): string => {
  const attrs = `classname="${escapeXml(`contract.${result.operationId}`)}" name="${escapeXml(result.checkId)}" time="0"`
  switch (result.outcome) {
    case 'passed':
      return `    <testcase ${attrs}/>`
    case 'skipped':
      return `    <testcase ${attrs}>\n      <skipped message="${escapeXml(result.reason ?? 'skipped')}"/>\n    </testcase>`
    case 'warned':
    case 'failed': {
      const details = formatFailures({ ...report, results: [result] })
      const first = result.findings[0]?.message ?? result.title
      const body = cdata(details)
      return result.outcome === 'failed'
        ? `    <testcase ${attrs}>\n      <failure message="${escapeXml(first)}" type="${escapeXml(result.checkId)}">${body}</failure>\n    </testcase>`
        : `    <testcase ${attrs}>\n      <system-out>${body}</system-out>\n    </testcase>`
    }
  }
}

/** A case that was not sent: a skipped testcase of its operation, with the reason. */
const skippedCase = (c: SkippedCase): string =>
  `    <testcase classname="${escapeXml(`contract.${c.operationId}`)}" name="${escapeXml(`case: ${c.caseTitle}`)}" time="0">\n      <skipped message="${escapeXml(`not sent: ${c.reason}`)}"/>\n    </testcase>`

/**
 * JUnit XML: one testcase per check and operation, then one skipped testcase per case not sent;
 * failures carry the request and a curl line.
 */
export const formatJunit = (report: Report): string => {
  const summary = summarize(report)
  const tests = report.results.length + report.skippedCases.length
  const counts = `tests="${tests}" failures="${summary.failed}" errors="0" skipped="${summary.skipped}"`
  const seconds = (report.durationMs / 1000).toFixed(3)
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="worker-api-kit contract" ${counts} time="${seconds}">`,
    `  <testsuite name="${escapeXml(`contract ${report.baseUrl}`)}" ${counts} time="${seconds}" timestamp="${report.startedAt}">`,
    '    <properties>',
    `      <property name="seed" value="${report.seed}"/>`,
    `      <property name="runId" value="${escapeXml(report.runId)}"/>`,
    `      <property name="requests" value="${report.requestCount}"/>`,
    '    </properties>',
    ...report.results.map((r) => testcase(r, report)),
    ...report.skippedCases.map(skippedCase),
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n')
}
