import type { OperationId } from '../api/operations.js'
import type { Coverage } from './coverage.js'
import type { JsonFlaws } from './parse-json.js'

/** What the suite sent. Bodies are kept as the exact text sent. */
export type SentRequest = {
  readonly method: string
  readonly url: string
  readonly headers: Readonly<Record<string, string>>
  readonly body?: string | undefined
}

/**
 * What came back, when anything did. `json` is set when the body parsed as JSON. Held only while
 * the checks judge it: the report keeps redacted excerpts, never whole bodies.
 */
export type ReceivedResponse = {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly text: string
  readonly json?: unknown
  readonly isJson: boolean
  /** Why a body that may be JSON was not parsed (nested deeper than the judge parses, not UTF-8). */
  readonly parseError?: string | undefined
  /** The body began with a UTF-8 byte order mark, read past (RFC 8259 §8.1: senders MUST NOT add one). */
  readonly hasByteOrderMark?: boolean | undefined
  /** Where the JSON parses but is not interoperable: a repeated name, a lone surrogate (RFC 8259). */
  readonly jsonFlaws?: JsonFlaws | undefined
}

/** A transport failure: the server did not give a complete, valid answer. */
export type TransportError = {
  /** `malformed`: bytes came back, but not valid HTTP (headers over the limit, not HTTP at all). */
  readonly kind: 'timeout' | 'network' | 'too-large' | 'truncated' | 'malformed'
  /** Before any answer (`connect`), or after the status and headers arrived (`body`). */
  readonly stage: 'connect' | 'body'
  readonly message: string
  /** The transport's error code, e.g. `ECONNREFUSED`, `UND_ERR_HEADERS_OVERFLOW`. */
  readonly code?: string | undefined
  /** A timeout the run's bound cut short (less than `--timeout` was left): not the server's fault. */
  readonly isCutByRunBound?: boolean | undefined
}

/** One request and its outcome. Never thrown: a misbehaving server is a finding. */
export type Exchange = {
  readonly request: SentRequest
  readonly response?: ReceivedResponse | undefined
  readonly error?: TransportError | undefined
  readonly durationMs: number
  readonly attempts: number
}

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
