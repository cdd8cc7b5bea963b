import type { Coverage, CoverageRow } from './coverage.js'

/** Reasons, and rules under each, listed on the console; every row is in the JSON and HTML reports. */
const MAX_REASONS = 6
const MAX_RULES_PER_REASON = 4

/** The coverage's headline: `97 % of the spec's rules exercised (123 of 127)`. */
export const coverageLine = (coverage: Coverage) =>
  `${coverage.percent} % of the spec's rules exercised (${coverage.exercised} of ${coverage.rules})`

/** Classes the console names, of those answered wrongly. */
const MAX_FAILED_CLASSES = 6

/**
 * The catalogue's line: how many of its classes were sent, and which a server answered otherwise
 * than the spec requires, each with a rule it was sent on.
 */
const catalogueLine = (coverage: Coverage): string => {
  const sent = new Set<string>()
  const failed = new Map<string, string>()
  for (const row of coverage.rows)
    for (const c of row.classes) {
      sent.add(c.id)
      if (c.failed > 0 && !failed.has(c.id))
        failed.set(c.id, `${row.operationId} ${row.part}${row.pointer || '/'}`)
    }
  const named = [...failed].slice(0, MAX_FAILED_CLASSES).map(([id, at]) => `${id} (${at})`)
  return `catalogue: ${sent.size} classes of values sent (docs/CATALOGUE.md); ${
    failed.size === 0
      ? 'each answered as the spec requires'
      : `${failed.size} answered otherwise: ${named.join(', ')}${failed.size > named.length ? ', …' : ''}`
  }`
}

/**
 * The console's compact coverage: the headline, then the rules not exercised grouped by why (one
 * missing option or filter usually accounts for dozens of rules).
 */
export const formatCoverage = (coverage: Coverage): string => {
  const byReason = new Map<string, CoverageRow[]>()
  for (const row of coverage.rows) {
    if (row.verdict !== 'not-exercised') continue
    const reason = row.reason ?? 'not exercised'
    byReason.set(reason, [...(byReason.get(reason) ?? []), row])
  }
  const groups = [...byReason].slice(0, MAX_REASONS)
  const more = byReason.size - groups.length
  return [
    `coverage: ${coverageLine(coverage)}`,
    catalogueLine(coverage),
    ...groups.flatMap(([reason, rows]) => [
      `  ${rows.length} not exercised: ${reason}`,
      ...rows.slice(0, MAX_RULES_PER_REASON).map((row) => `    · ${row.rule}: ${row.text}`),
      ...(rows.length > MAX_RULES_PER_REASON
        ? [`    … and ${rows.length - MAX_RULES_PER_REASON} more`]
        : []),
    ]),
    ...(more > 0 ? [`  … and ${more} more reasons (see --json or --html)`] : []),
  ].join('\n')
}
