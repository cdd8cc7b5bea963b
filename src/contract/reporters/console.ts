import { printableLines } from '../../common/printable.js'
import { formatCoverage } from '../coverage-summary.js'
import {
  type CheckResult,
  type Finding,
  type Report,
  type SkippedCase,
  summarize,
  summaryLine,
} from '../report.js'

const MARK = { passed: '✓', failed: '✗', skipped: '-', warned: '!' } as const

/** A verdict on part of an operation's cases says so. */
const notSentNote = (result: CheckResult) =>
  result.casesNotSent
    ? `; ${result.casesNotSent} ${result.operationId} ${result.casesNotSent === 1 ? 'case' : 'cases'} not sent`
    : ''

/** One live progress line for a check's result on one operation. */
export const formatResultLine = (result: CheckResult): string => printableLines(resultLine(result))

const resultLine = (result: CheckResult): string => {
  const head = `${MARK[result.outcome]} ${result.checkId} · ${result.operationId}`
  switch (result.outcome) {
    case 'passed':
      return `${head} (${result.judged} ${result.judged === 1 ? 'exchange' : 'exchanges'}${notSentNote(result)})`
    case 'skipped':
      return `${head}: skipped, ${result.reason ?? 'nothing to judge'}`
    case 'warned':
    case 'failed':
      return `${head}: ${result.findings.length} of ${result.judged} ${result.outcome === 'warned' ? 'warned' : 'failed'}${notSentNote(result)}`
  }
}

const MAX_CASES_SHOWN = 5

/** The cases not sent, grouped by operation and reason, a few titles each (all of them in --json). */
const formatSkippedCases = (cases: readonly SkippedCase[]): string => {
  const groups = new Map<string, { head: string; titles: string[] }>()
  for (const c of cases) {
    const key = `${c.operationId} ${c.reason}`
    const group = groups.get(key) ?? {
      head: `${c.operationId}: %n not sent (skipped), ${c.reason}`,
      titles: [],
    }
    group.titles.push(c.caseTitle)
    groups.set(key, group)
  }
  return [...groups.values()]
    .map(({ head, titles }) => {
      const more = titles.length - MAX_CASES_SHOWN
      return [
        `${MARK.skipped} ${head.replace('%n', `${titles.length} ${titles.length === 1 ? 'case' : 'cases'}`)}`,
        ...titles.slice(0, MAX_CASES_SHOWN).map((title) => `    · ${title}`),
        ...(more > 0 ? [`    … and ${more} more (see --json)`] : []),
      ].join('\n')
    })
    .join('\n')
}

const MAX_FINDINGS_SHOWN = 3

const formatFinding = (finding: Finding, indent = '    '): string =>
  [
    `${finding.caseTitle}: ${finding.message}`,
    `${finding.request.method} ${finding.request.url}`,
    `→ ${finding.status ?? 'no answer'}${finding.pointer ? ` at ${finding.pointer}` : ''}${finding.responseExcerpt ? `: ${finding.responseExcerpt}` : ''}`,
    `reproduce: ${finding.curl}`,
    ...(finding.sequence
      ? ['after this sequence (a shell script):', ...finding.sequence.map((line) => `  ${line}`)]
      : []),
  ]
    .map((line, i) => `${i === 0 ? `${indent.slice(2)}• ` : indent}${line}`)
    .join('\n')

/**
 * The details of every failure (and warning), each with the rule, the request and a curl line;
 * every line printable (they quote the server's messages and answers).
 */
export const formatFailures = (report: Report): string => printableLines(failures(report))

const failures = (report: Report): string => {
  const blocks = report.results
    .filter((r) => r.outcome === 'failed' || r.outcome === 'warned')
    .map((r) => {
      const shown = r.findings.slice(0, MAX_FINDINGS_SHOWN).map((f) => formatFinding(f))
      const more = r.findings.length - shown.length
      return [
        `${MARK[r.outcome]} ${r.checkId} · ${r.operationId} (spec ${r.spec}): ${r.title}`,
        ...shown,
        ...(more > 0 ? [`    … and ${more} more (see --json)`] : []),
      ].join('\n')
    })
  return blocks.join('\n\n')
}

/** The whole console report, every line printable (it quotes servers); its last line is `N passed, N failed, N skipped`. */
export const formatReport = (report: Report): string => {
  const summary = summarize(report)
  const found = formatFailures(report)
  const skippedCases = formatSkippedCases(report.skippedCases)
  return printableLines(
    [
      ...(found ? ['', found] : []),
      ...(skippedCases ? ['', skippedCases] : []),
      ...report.withheldCases.map(
        (c) => `not sent, as the options ask: ${c.operationId} ${c.caseTitle} (${c.reason})`,
      ),
      '',
      formatCoverage(report.coverage),
      `${report.requestCount} requests in ${(report.durationMs / 1000).toFixed(1)} s against ${report.baseUrl} (seed ${report.seed}, run ${report.runId}, ${report.workersCreated} workers created${report.profile === 'strict' ? ', strict' : ''})`,
      ...(report.abortedBecause ? [`stopped early: ${report.abortedBecause}`] : []),
      ...(summary.warned > 0 ? [`${summary.warned} warnings (counted as passed)`] : []),
      summaryLine(summary),
    ].join('\n'),
  )
}
