import type { Report } from '../report.js'

/** The report as JSON: every check with the exchanges it judged (already redacted, excerpts only). */
export const formatJson = (report: Report): string => `${JSON.stringify(report, null, 2)}\n`
