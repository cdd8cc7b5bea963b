import { redactText } from '../secrets/index.js'
import type { Coverage } from './coverage.js'
import type { Redactor } from './redactor.js'
import type { CheckResult, Report } from './report.js'
import type { Sent } from './send-cases.js'

export type ReportParts = {
  readonly baseUrl: string
  readonly runId: string
  readonly seed: number
  readonly isStrict: boolean
  readonly startedAt: Date
  /** `performance.now()` at the start of the run. */
  readonly started: number
  readonly requestCount: number
  readonly sent: Sent
  readonly results: CheckResult[]
  readonly coverage: Coverage
  readonly redactor: Redactor
}

/** The run's report stage: what was judged, what was not sent and why, and the rule coverage. */
export const buildReport = (parts: ReportParts): Report => ({
  tool: 'worker-api-kit contract',
  baseUrl: parts.redactor.request(redactText(parts.baseUrl)),
  runId: parts.runId,
  seed: parts.seed,
  profile: parts.isStrict ? 'strict' : 'default',
  startedAt: parts.startedAt.toISOString(),
  durationMs: Math.round(performance.now() - parts.started),
  requestCount: parts.requestCount,
  workersCreated: parts.sent.workersCreated,
  results: parts.results,
  skippedCases: parts.sent.notRun.map(({ case: c, reason }) => ({
    operationId: c.operationId,
    caseTitle: c.title,
    reason,
  })),
  withheldCases: parts.sent.withheld.map(({ case: c, reason }) => ({
    operationId: c.operationId,
    caseTitle: c.title,
    reason,
  })),
  abortedBecause: parts.sent.abortedBecause,
  coverage: parts.coverage,
})
