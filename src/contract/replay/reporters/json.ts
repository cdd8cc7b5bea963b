import { type ReplayReport, summarizeReplay } from '../replay-report.js'

/** The replay as JSON: the report whole (redacted, excerpts only), with its summary. */
export const formatReplayJson = (report: ReplayReport): string =>
  `${JSON.stringify({ ...report, summary: summarizeReplay(report) }, null, 2)}\n`
