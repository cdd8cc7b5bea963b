import type { OperationId } from '../api/operations.js'
import type { Coverage } from './coverage.js'
import type { SentRequest } from './exchange.js'

/** A failed expectation on one exchange, ready to print (already redacted). */
export type Finding = {
  readonly caseTitle: string
  readonly message: string
  /** JSON pointer inside the response body, when the finding is about one place. */
  readonly pointer?: string | undefined
  readonly request: SentRequest
  readonly status?: number | undefined
  readonly responseExcerpt?: string | undefined
  readonly curl: string
  /**
   * When the exchange was a call of a sequence: the calls that lead to the finding (the shortest
   * failing sequence found, for the sequence's first failure), as a shell script of curl lines.
   */
  readonly sequence?: readonly string[] | undefined
}

type Outcome = 'passed' | 'failed' | 'skipped' | 'warned'

/** The verdict of one check on one operation. */
export type CheckResult = {
  readonly checkId: string
  readonly title: string
  readonly spec: string
  readonly severity: 'error' | 'warning'
  readonly operationId: OperationId
  readonly outcome: Outcome
  /** Why it was skipped. */
  readonly reason?: string | undefined
  /** How many exchanges it judged. */
  readonly judged: number
  /** How many cases of its operation were not sent (listed in `Report.skippedCases`); absent when none. */
  readonly casesNotSent?: number | undefined
  readonly findings: readonly Finding[]
  /** The exchanges it judged (redacted, bodies cut to an excerpt). */
  readonly exchanges: readonly ExchangeSummary[]
}

export type ExchangeSummary = {
  readonly caseTitle: string
  readonly method: string
  readonly url: string
  readonly requestExcerpt?: string | undefined
  readonly status?: number | undefined
  readonly error?: string | undefined
  readonly responseExcerpt?: string | undefined
  readonly durationMs: number
}

/** A case the run did not send, and why (create budget, missing ids, run bound…). */
export type SkippedCase = {
  readonly operationId: OperationId
  readonly caseTitle: string
  readonly reason: string
}

export type Report = {
  readonly tool: 'worker-api-kit contract'
  readonly baseUrl: string
  readonly runId: string
  readonly seed: number
  readonly profile: 'default' | 'strict'
  readonly startedAt: string
  readonly durationMs: number
  readonly requestCount: number
  readonly workersCreated: number
  readonly results: readonly CheckResult[]
  /** Every case that was not sent, with its reason: each counts as skipped in the summary. */
  readonly skippedCases: readonly SkippedCase[]
  /**
   * Cases the options held back on purpose (a cloud worker without --allow-cloud): listed so a
   * run says what it did not send, not counted as skipped (the run did all it was asked).
   */
  readonly withheldCases: readonly SkippedCase[]
  /** Why the run stopped early, if it did (run deadline, target stopped answering). */
  readonly abortedBecause?: string | undefined
  /** Every rule of the spec, read from the schemas, × what the run did about it. */
  readonly coverage: Coverage
}

export type Summary = { passed: number; failed: number; skipped: number; warned: number }

/**
 * Counts of outcomes; a warning counts as passed in the closing line, and every case not sent
 * counts as skipped (a run that did less than asked never reads "0 skipped").
 */
export const summarize = (
  report: Pick<Report, 'results'> & Partial<Pick<Report, 'skippedCases'>>,
): Summary => {
  const summary: Summary = { passed: 0, failed: 0, skipped: 0, warned: 0 }
  for (const result of report.results) summary[result.outcome]++
  summary.skipped += report.skippedCases?.length ?? 0
  return summary
}

/** The closing line CI reads: `N passed, N failed, N skipped`. */
export const summaryLine = (summary: Summary) =>
  `${summary.passed + summary.warned} passed, ${summary.failed} failed, ${summary.skipped} skipped`
