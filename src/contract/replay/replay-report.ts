import type { OperationId } from '../../api/operations.js'
import type { ExchangeSummary } from '../report.js'
import type { Violation } from '../traffic-judge.js'
import type { ConsumerFinding } from './consumer-check.js'
import type { LeftOut } from './recording.js'

/** One recorded exchange, replayed (or not), with its two verdicts kept apart. */
export type ReplayedExchange = {
  /** Its index among the file's entries (`log.entries[i]`). */
  readonly index: number
  /** The page it belongs to, when the file has pages. */
  readonly page?: string | undefined
  readonly operationId: OperationId
  readonly method: string
  /** The URL the app called, as recorded (masked). */
  readonly recordedUrl: string
  /** The status the app was answered in the recording. */
  readonly recordedStatus: number
  /**
   * `failed`: a spec check failed, or the target broke what the app relied on and the spec
   * promises; `passed`: neither (consumer risks and warnings may stand beside it); `skipped`: not sent.
   */
  readonly outcome: 'passed' | 'failed' | 'skipped'
  /** Why it was not sent. */
  readonly skipReason?: string | undefined
  /**
   * Why the recorded answer is no expectation (a rule or `Prefer` shaped it, it was about the
   * caller, a fault, none recorded): replayed for its request only.
   */
  readonly shapedBy?: string | undefined
  /** The exchange as sent to the target (redacted, bodies cut). */
  readonly sent?: ExchangeSummary | undefined
  /** The spec's checks that failed on the target's answer (warnings too). */
  readonly spec: readonly Violation[]
  /** The target's answer beside the recorded one. */
  readonly consumer: readonly ConsumerFinding[]
  /** One curl line that sends the request again (credentials from the environment). */
  readonly curl?: string | undefined
}

export type ReplayReport = {
  readonly tool: 'worker-api-kit contract --replay'
  readonly baseUrl: string
  /** The file replayed, as named to the run. */
  readonly recording: string
  /** The origin the recording's API exchanges went to. */
  readonly recordedOrigin: string | null
  readonly profile: 'default' | 'strict'
  readonly startedAt: string
  readonly durationMs: number
  readonly requestCount: number
  readonly workersCreated: number
  readonly exchanges: readonly ReplayedExchange[]
  /** What the file held that is not the API's: counted, not sent. */
  readonly leftOut: LeftOut
  /** Each recorded id and the target's id for it, as the run carried them. */
  readonly idsCarried: readonly { readonly recorded: string; readonly target: string }[]
  /** Why the run stopped early, if it did (its bound, the target gone). */
  readonly abortedBecause?: string | undefined
}

export type ReplaySummary = {
  readonly passed: number
  readonly failed: number
  readonly skipped: number
  /** Consumer risks, over every exchange. */
  readonly risks: number
  /** Spec warnings, over every exchange. */
  readonly warnings: number
}

export const summarizeReplay = (report: Pick<ReplayReport, 'exchanges'>): ReplaySummary => {
  const count = (outcome: ReplayedExchange['outcome']) =>
    report.exchanges.filter((exchange) => exchange.outcome === outcome).length
  let risks = 0
  let warnings = 0
  for (const exchange of report.exchanges) {
    risks += exchange.consumer.filter((finding) => finding.kind === 'risk').length
    warnings += exchange.spec.filter((violation) => violation.severity === 'warning').length
  }
  return {
    passed: count('passed'),
    failed: count('failed'),
    skipped: count('skipped'),
    risks,
    warnings,
  }
}

/** The closing line CI reads: exchanges passed, failed, skipped, and the consumer risks. */
export const replaySummaryLine = (summary: ReplaySummary) =>
  `${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped exchanges; ${summary.risks} consumer risk${summary.risks === 1 ? '' : 's'}, ${summary.warnings} warning${summary.warnings === 1 ? '' : 's'}`

/** `#3 (page "Checkout")`: how a finding names a recorded exchange. */
export const exchangeName = (exchange: Pick<ReplayedExchange, 'index' | 'page'>) =>
  `#${exchange.index}${exchange.page === undefined ? '' : ` (page ${JSON.stringify(exchange.page)})`}`
