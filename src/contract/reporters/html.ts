import type { Coverage, CoverageRow } from '../coverage.js'
import { coverageLine } from '../coverage-summary.js'
import { type CheckResult, type Finding, type Report, summarize, summaryLine } from '../report.js'
import { escapeHtml } from './markup.js'

/** Inline: the file is one artifact, read offline, with no script and no request. */
export const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#1b1b1b;max-width:80rem}
h1{font-size:1.4rem}h2{font-size:1.15rem;margin-top:2rem}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top;overflow-wrap:anywhere}
p,li,h1,h2,h3{overflow-wrap:anywhere}
th{background:#f2f2f2}td.n{text-align:right}
.covered-pass,.passed{color:#166534}.covered-fail,.failed{color:#b91c1c;font-weight:600}
.not-exercised,.skipped,.warned{color:#92400e}
pre{background:#f6f6f6;padding:.5rem;white-space:pre-wrap;overflow-wrap:anywhere;word-break:break-all;margin:.25rem 0;max-width:100%}
.finding{border-left:3px solid #b91c1c;padding-left:.75rem;margin:1rem 0}
`

const cell = (value: unknown, className?: string) =>
  `<td${className ? ` class="${escapeHtml(className)}"` : ''}>${escapeHtml(value)}</td>`

const summaryOf = (report: Report) => {
  const summary = summarize(report)
  const facts: [string, unknown][] = [
    ['target', report.baseUrl],
    ['verdict', summaryLine(summary)],
    ['coverage', coverageLine(report.coverage)],
    ['requests', `${report.requestCount} in ${(report.durationMs / 1000).toFixed(1)} s`],
    ['workers created', report.workersCreated],
    ['seed', report.seed],
    ['run', report.runId],
    ['profile', report.profile],
    ['started', report.startedAt],
    ...(report.abortedBecause
      ? [['stopped early', report.abortedBecause] as [string, unknown]]
      : []),
  ]
  return `<table>${facts.map(([name, value]) => `<tr><th>${escapeHtml(name)}</th>${cell(value)}</tr>`).join('')}</table>`
}

const resultsOf = (results: readonly CheckResult[]) =>
  `<table><tr><th>check</th><th>operation</th><th>spec</th><th>outcome</th><th>judged</th><th>note</th></tr>${results
    .map(
      (r) =>
        `<tr>${cell(r.checkId)}${cell(r.operationId)}${cell(r.spec)}${cell(r.outcome, r.outcome)}<td class="n">${r.judged}</td>${cell(r.reason ?? (r.findings.length > 0 ? `${r.findings.length} finding(s)` : ''))}</tr>`,
    )
    .join('')}</table>`

/** The catalogue's classes sent on a rule: `max-length/at ✓1`, `enum/padded ✗1 of 2`. */
const classesOf = (row: CoverageRow) =>
  row.classes
    .map(
      (c) => `${c.id} (${c.expect}) ${c.failed > 0 ? `✗${c.failed} of ${c.sent}` : `✓${c.sent}`}`,
    )
    .join(', ')

const coverageRow = (row: CoverageRow) =>
  `<tr>${cell(row.operationId)}${cell(row.part)}${cell(row.pointer || '/')}${cell(row.text)}<td class="n">${row.boundarySent}</td><td class="n">${row.violationSent}</td><td class="n">${row.responseChecked}</td>${cell(classesOf(row))}${cell(row.verdict, row.verdict)}${cell(row.reason ?? row.failedCases?.join('; ') ?? '')}</tr>`

const coverageOf = (coverage: Coverage) =>
  `<p>${escapeHtml(coverageLine(coverage))}</p><table><tr><th>operation</th><th>part</th><th>field</th><th>rule</th><th>accepted (at the bound, or without the field)</th><th>violation sent</th><th>response checked</th><th>classes sent (docs/CATALOGUE.md)</th><th>verdict</th><th>why / failed cases</th></tr>${coverage.rows.map(coverageRow).join('')}</table>`

const findingOf = (result: CheckResult, finding: Finding) =>
  `<div class="finding"><p><strong>${escapeHtml(result.checkId)}</strong> · ${escapeHtml(result.operationId)} (spec ${escapeHtml(result.spec)}) · ${escapeHtml(finding.caseTitle)}: ${escapeHtml(finding.message)}</p>
<p>request</p><pre>${escapeHtml(`${finding.request.method} ${finding.request.url}`)}${finding.request.body === undefined ? '' : `\n\n${escapeHtml(finding.request.body)}`}</pre>
<p>response ${escapeHtml(finding.status ?? 'none')}${finding.pointer ? ` at ${escapeHtml(finding.pointer)}` : ''}</p><pre>${escapeHtml(finding.responseExcerpt ?? '')}</pre>
<p>reproduce</p><pre>${escapeHtml(finding.curl)}</pre>${finding.sequence ? `<p>after this sequence (a shell script)</p><pre>${escapeHtml(finding.sequence.join('\n'))}</pre>` : ''}</div>`

const failuresOf = (report: Report) => {
  const failing = report.results.filter((r) => r.outcome === 'failed' || r.outcome === 'warned')
  if (failing.length === 0) return '<p>No failures.</p>'
  return failing.flatMap((r) => r.findings.map((f) => findingOf(r, f))).join('\n')
}

const skippedOf = (report: Report) =>
  `${
    report.skippedCases.length === 0
      ? '<p>Every case was sent.</p>'
      : `<table><tr><th>operation</th><th>case</th><th>why not sent</th></tr>${report.skippedCases
          .map((c) => `<tr>${cell(c.operationId)}${cell(c.caseTitle)}${cell(c.reason)}</tr>`)
          .join('')}</table>`
  }${report.withheldCases
    .map(
      (c) =>
        `<p>Not sent, as the options ask: ${escapeHtml(`${c.operationId} ${c.caseTitle} (${c.reason})`)}</p>`,
    )
    .join('')}`

/**
 * A self-contained HTML report for a CI artifact: summary, checks, coverage, each failure with its
 * request, response excerpt and curl line. Everything in the report is already redacted; this
 * only escapes it.
 */
export const formatHtml = (report: Report): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${escapeHtml(`worker-api-kit contract · ${report.baseUrl}`)}</title>
<style>${STYLE}</style></head>
<body>
<h1>worker-api-kit contract</h1>
${summaryOf(report)}
<h2>Failures</h2>
${failuresOf(report)}
<h2>Coverage</h2>
${coverageOf(report.coverage)}
<h2>Checks</h2>
${resultsOf(report.results)}
<h2>Cases not sent</h2>
${skippedOf(report)}
</body></html>
`
