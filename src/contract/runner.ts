import { randomBytes, randomInt } from 'node:crypto'
import type { OperationId } from '../api/operations.js'
import { buildReport } from './build-report.js'
import { buildCases } from './cases.js'
import type { Fetch } from './client.js'
import { curlFor } from './curl.js'
import { CONTRACT_DEFAULTS } from './defaults.js'
import { openTarget } from './open-target.js'
import { pacedMs } from './pacer.js'
import { createRedactor } from './redactor.js'
import type { CheckResult, Report } from './report.js'
import { reportingTimeOf } from './reporting-time.js'
import { runHeaders } from './run-headers.js'
import { createRunJudge } from './run-judge.js'
import { partitionChecks, selectChecks } from './select-checks.js'
import { sendCases } from './send-cases.js'
import { planSequence } from './sequences/index.js'
import { validateOptions } from './validate-options.js'

export { selectChecks }

export type ContractOptions = {
  /** The deployment to judge, e.g. `https://staging.example.com` (no trailing `/v1`). */
  readonly baseUrl: string
  /**
   * Sent with every request, e.g. `{ authorization: 'Bearer …' }`. The values of credential
   * headers (authorization, *-key, *-token, cookie…) are masked in every output, in every form.
   */
  readonly headers?: Readonly<Record<string, string>>
  /** More values to mask in every output, in every form (e.g. header values read from the environment). */
  readonly secrets?: readonly string[]
  /** An organization and LLM provider that exist on the target; without both, those checks are skipped. */
  readonly orgId?: string | undefined
  readonly llmProviderId?: string | undefined
  /** Per request, in ms. Default 10 000. */
  readonly timeoutMs?: number
  /**
   * The whole run, in ms, from its start to the report: past it the cases left are not sent (they
   * are skipped, "run timeout"), and the last part of it is kept for writing the reports.
   * Default 120 000.
   */
  readonly runTimeoutMs?: number
  /**
   * `--rate`: at most this many requests a second, retries included. Without `runTimeoutMs`, the
   * run's bound grows to fit the paced run (a quarter more, and 30 s), within an hour.
   */
  readonly ratePerSecond?: number
  /** Called once the run is planned, before the first case: what it will send, and its bound. */
  readonly onPlan?: (plan: RunPlan) => void
  /** Seed of the generated cases; printed in the report. Default: random. */
  readonly seed?: number
  /** Generated valid inputs per operation. Default 5. */
  readonly runs?: number
  /** Also create cloud workers (they may provision real machines). Default false. */
  readonly allowCloud?: boolean
  /** Most workers a run may create. Default 25. */
  readonly maxCreates?: number
  /**
   * Most calls a failing sequence's shrink may send (its creates count against `maxCreates`);
   * 0: report the sequence as it failed, unshrunk. Default 100.
   */
  readonly shrinkCalls?: number
  /** Check ids to run / to leave out; `*` matches anything. */
  readonly only?: readonly string[]
  readonly skip?: readonly string[]
  /** Also judge our conventions (exact codes, problem+json, full TypeIDs, echoed secrets fail). */
  readonly strict?: boolean
  /** Transport; pass a Hono app's `request` to judge it in-process. Default `fetch`. */
  readonly fetch?: Fetch
  /** Live progress: each check's result as soon as it is known. */
  readonly onResult?: (result: CheckResult) => void
  /** Live progress: an operation's cases are about to be sent. */
  readonly onOperation?: (operationId: OperationId, cases: number) => void
}

/** What a run will send, at what pace, and its bound: for the banner. */
export type RunPlan = {
  readonly requests: number
  readonly ratePerSecond: number | undefined
  /** The least the requests take at that pace (0 without one). */
  readonly pacedMs: number
  readonly runTimeoutMs: number
}

/** A paced run's bound, when it grows to fit: at most an hour, and some slack for slow answers. */
const MAX_PACED_RUN_MS = 3_600_000
const PACED_SLACK_MS = 30_000

/**
 * Runs the contract suite against `baseUrl` and returns the report. Never prints, never exits.
 * Throws a `ContractError` only when it cannot run at all (bad options, unreachable target).
 * Each answer is judged as it arrives and only redacted excerpts are kept: memory does not grow
 * with the size of the answers.
 */
export const runContract = async (options: ContractOptions): Promise<Report> => {
  validateOptions(options)
  // Before the first request: a filter that matches nothing is a usage error, not an empty run.
  const { selected, leftOut } = partitionChecks(options)
  const startedAt = new Date()
  const started = performance.now()
  const seed = options.seed ?? randomInt(2 ** 31)
  const runId = randomBytes(4).toString('hex')
  const timeoutMs = options.timeoutMs ?? CONTRACT_DEFAULTS.timeoutMs
  // Plan: every case, from the schemas alone; a generated body is generated as it is sent.
  const cases = buildCases({
    seed,
    runs: options.runs ?? CONTRACT_DEFAULTS.runs,
    allowCloud: options.allowCloud === true,
    namePrefix: `wak-contract-${runId}`,
  })
  // The sequence of the run's generated bodies (sequences/plan.ts), sent before the catalogue.
  const generated = (operationId: OperationId) =>
    cases.filter((c) => c.operationId === operationId && c.kind === 'generated')
  const sequence = planSequence({
    seed,
    creates: generated('createWorker'),
    renames: generated('updateWorker'),
    providerUpdates:
      options.orgId === undefined || options.llmProviderId === undefined
        ? []
        : generated('updateLlmProvider'),
  })
  // The probe, then one request a case and a call of the sequence (a 429 retried adds its retries).
  const requests =
    1 +
    cases.filter((c) => c.kind !== 'generated').length +
    sequence.reduce((sum, step) => sum + step.together.length, 0)
  const { ratePerSecond } = options
  const pacedFor = ratePerSecond === undefined ? 0 : pacedMs(requests, ratePerSecond)
  const runTimeoutMs =
    options.runTimeoutMs ??
    Math.min(
      MAX_PACED_RUN_MS,
      Math.max(CONTRACT_DEFAULTS.runTimeoutMs, Math.ceil(pacedFor * 1.25) + PACED_SLACK_MS),
    )
  options.onPlan?.({ requests, ratePerSecond, pacedMs: pacedFor, runTimeoutMs })
  const deadline = started + runTimeoutMs - reportingTimeOf(runTimeoutMs)
  const { headers, credentials } = runHeaders(options.headers)
  const redactor = createRedactor([...credentials, ...(options.secrets ?? [])])
  const client = await openTarget(
    { baseUrl: options.baseUrl, fetch: options.fetch, ratePerSecond },
    { headers, timeoutMs, deadline, redact: redactor.response },
  )

  // Send, and judge each answer as it arrives.
  const isStrict = options.strict === true
  const judge = createRunJudge({ checks: selected, leftOut, isStrict, redactor })
  const sent = await sendCases({
    cases,
    client,
    deadline,
    runTimeoutMs,
    maxCreates: options.maxCreates ?? CONTRACT_DEFAULTS.maxCreates,
    shrinkCalls: options.shrinkCalls ?? CONTRACT_DEFAULTS.shrinkCalls,
    orgId: options.orgId,
    llmProviderId: options.llmProviderId,
    onOperation: options.onOperation,
    sequence,
    judge,
    curlOf: (request) => curlFor(request, redactor),
  })

  // Report.
  const results = judge.results(sent)
  for (const result of results) options.onResult?.(result)
  return buildReport({
    baseUrl: options.baseUrl,
    runId,
    seed,
    isStrict,
    startedAt,
    started,
    requestCount: client.requestCount(),
    sent,
    results,
    coverage: judge.coverage(sent),
    redactor,
  })
}
