import {
  createSecretBook,
  credentialsOfHeader,
  isSecretHeader,
  REDACTED,
  secretsIn,
  secretsOfText,
} from '../../secrets/index.js'
import type { Fetch } from '../client.js'
import { ContractError } from '../contract-error.js'
import { curlFor } from '../curl.js'
import { CONTRACT_DEFAULTS } from '../defaults.js'
import { summarizeExchange } from '../describe-exchange.js'
import { openTarget } from '../open-target.js'
import { createRedactor } from '../redactor.js'
import { reportingTimeOf } from '../reporting-time.js'
import { runHeaders } from '../run-headers.js'
import { isSuccess } from '../status-class.js'
import { createTrafficJudge } from '../traffic-judge.js'
import { neverConnected } from '../transport-error.js'
import { validateOptions } from '../validate-options.js'
import { createCarriedIds } from './carried-ids.js'
import { consumerCheck } from './consumer-check.js'
import { prepare, recordedWorkerId } from './prepare.js'
import { type Recording, readRecording } from './recording.js'
import type { ReplayedExchange, ReplayReport } from './replay-report.js'

export type ReplayOptions = {
  /** The deployment to judge, e.g. `https://staging.example.com` (no trailing `/v1`). */
  readonly baseUrl: string
  /** The recording: a HAR 1.2 log, parsed (the mock's `requests.har`, a DevTools export). */
  readonly har: unknown
  /** What the report calls the recording (its file name). Default `recording.har`. */
  readonly recording?: string
  /** Sent with every request (`-H`); credentials are masked in every output, in every form. */
  readonly headers?: Readonly<Record<string, string>>
  /** More values to mask in every output. */
  readonly secrets?: readonly string[]
  /** The target's organization and LLM provider: the recording's provider updates go to them. */
  readonly orgId?: string | undefined
  readonly llmProviderId?: string | undefined
  /** Recorded ids the recording did not create (a seed of the mock's) → ids on the target. */
  readonly idMap?: Readonly<Record<string, string>>
  /** Values for the places the recording masked, by JSON pointer into the body (`/apiKey`): secrets. */
  readonly maskedValues?: Readonly<Record<string, string>>
  readonly timeoutMs?: number
  readonly runTimeoutMs?: number
  readonly ratePerSecond?: number
  /** Also send creates of cloud workers (they may provision real machines). Default false. */
  readonly allowCloud?: boolean
  /** Most creates the replay sends. Default 25. */
  readonly maxCreates?: number
  /** Warnings fail too. */
  readonly strict?: boolean
  readonly fetch?: Fetch
  /** Live progress: each exchange as soon as it is judged or skipped. */
  readonly onExchange?: (exchange: ReplayedExchange) => void
}

/** Every secret the file shows, of any host: masked wherever it could come back. */
const secretsOfRecording = (recording: Recording): string[] => {
  const found = new Set<string>()
  for (const entry of recording.entries) {
    for (const [name, value] of Object.entries(entry.headers))
      if (isSecretHeader(name))
        for (const v of [value, ...credentialsOfHeader(name, value)]) found.add(v)
    if (entry.requestText !== undefined) secretsOfText(entry.requestText, '', found)
    if (entry.responseText !== undefined) secretsOfText(entry.responseText, '', found)
    secretsIn(entry.url.href, found)
  }
  return [...found]
}

/**
 * Replays a recording's API exchanges against `baseUrl`, in their order, and judges each answer
 * twice: by the spec's checks (as `contract` does) and against what the app was answered then.
 * Never prints, never exits; throws a ContractError when it cannot run at all.
 */
export const replayRecording = async (options: ReplayOptions): Promise<ReplayReport> => {
  validateOptions(options)
  for (const [pointer, value] of Object.entries(options.maskedValues ?? {}))
    if (value.includes(REDACTED))
      throw new ContractError(
        `[worker-api-kit] --masked-value ${pointer}: the value holds the mask ${REDACTED}; pass the value to send (e.g. ${pointer}=env:VAR).`,
        'E_USAGE',
      )
  const name = options.recording ?? 'recording.har'
  const recording = readRecording(options.har, name)
  if (recording.exchanges.length === 0)
    throw new ContractError(
      `[worker-api-kit] --replay ${name}: no exchange of the API's operations in its ${recording.entries.length} entries; a replay of nothing proves nothing. Record the app against the mock (docs/replay.md).`,
      'E_USAGE',
    )
  const startedAt = new Date()
  const started = performance.now()
  const runTimeoutMs = options.runTimeoutMs ?? CONTRACT_DEFAULTS.runTimeoutMs
  const deadline = started + runTimeoutMs - reportingTimeOf(runTimeoutMs)
  const timeoutMs = options.timeoutMs ?? CONTRACT_DEFAULTS.timeoutMs
  const maxCreates = options.maxCreates ?? CONTRACT_DEFAULTS.maxCreates
  const { headers, credentials: headerCredentials } = runHeaders(options.headers)
  const recordedSecrets = new Set(secretsOfRecording(recording))
  // The recording's secrets in every form the one model of a secret knows (src/secrets).
  const recordedBook = createSecretBook()
  recordedBook.learn(recordedSecrets)
  const credentials = [
    ...headerCredentials,
    ...(options.secrets ?? []),
    ...Object.values(options.maskedValues ?? {}),
    ...recordedSecrets,
  ]
  const redactor = createRedactor(credentials)
  const judge = createTrafficJudge({ strict: options.strict, credentials, oneCaller: true })
  const client = await openTarget(options, {
    headers,
    timeoutMs,
    deadline,
    redact: redactor.response,
  })

  const ids = createCarriedIds()
  for (const [recorded, target] of Object.entries(options.idMap ?? {})) ids.set(recorded, target)
  for (const { matched } of recording.exchanges) {
    if (matched.operationId !== 'updateLlmProvider') continue
    if (options.orgId !== undefined) ids.set(matched.params['orgId'] ?? '', options.orgId)
    if (options.llmProviderId !== undefined)
      ids.set(matched.params['llmProviderId'] ?? '', options.llmProviderId)
  }
  const unsent = new Map<string, string>()
  let creates = 0
  let workersCreated = 0
  let abortedBecause: string | undefined
  const replayed: ReplayedExchange[] = []
  const isStrict = options.strict === true

  for (const exchange of recording.exchanges) {
    const base = {
      index: exchange.index,
      page: exchange.page === undefined ? undefined : redactor.response(exchange.page),
      operationId: exchange.matched.operationId,
      method: exchange.method,
      recordedUrl: redactor.response(exchange.url),
      recordedStatus: exchange.status,
      ...(exchange.shapedBy === undefined ? {} : { shapedBy: exchange.shapedBy }),
      spec: [],
      consumer: [],
    }
    const prepared =
      abortedBecause !== undefined
        ? { kind: 'skip' as const, reason: abortedBecause }
        : performance.now() >= deadline
          ? { kind: 'skip' as const, reason: 'run timeout (--run-timeout)' }
          : prepare(exchange, {
              ids,
              maskedValues: options.maskedValues ?? {},
              allowCloud: options.allowCloud === true,
              mayCreate: () => creates < maxCreates,
              maxCreates,
              unsent,
              holdsRecordedSecret: (text) => recordedBook.mask(text) !== text,
            })
    if (prepared.kind === 'skip') {
      const worker = exchange.matched.operationId === 'createWorker' && recordedWorkerId(exchange)
      if (worker) unsent.set(worker, `its create (#${exchange.index}) was not sent`)
      const skipped: ReplayedExchange = { ...base, outcome: 'skipped', skipReason: prepared.reason }
      replayed.push(skipped)
      options.onExchange?.(skipped)
      continue
    }
    if (exchange.matched.operationId === 'createWorker') creates++
    const sent = await client.send({
      method: exchange.method,
      path: prepared.path,
      headers: prepared.headers,
      body: prepared.body,
    })
    // The run's bound cut the request in flight: not the target's failure, and the end of the run.
    if (sent.error?.isCutByRunBound === true) {
      abortedBecause = 'run timeout (--run-timeout)'
      const cut: ReplayedExchange = { ...base, outcome: 'skipped', skipReason: abortedBecause }
      replayed.push(cut)
      options.onExchange?.(cut)
      continue
    }
    const verdict = judge.judgeReceived(
      {
        method: sent.request.method,
        path: prepared.path.split('?')[0] ?? prepared.path,
        url: sent.request.url,
        headers: sent.request.headers,
        body: sent.request.body ?? '',
        error: sent.error,
        durationMs: sent.durationMs,
      },
      sent.response,
    )
    if (neverConnected(sent.error)) abortedBecause = 'the target stopped answering'
    const response = sent.response
    // Tokens the target hands out are masked wherever they come back, this answer included.
    redactor.book.learnJson(response?.json)
    redactor.book.learnHeaders(Object.entries(response?.headers ?? {}))
    if (response && isSuccess(response.status) && isSuccess(exchange.status))
      ids.learn(exchange.answerJson, response.json)
    const recordedWorker =
      exchange.matched.operationId === 'createWorker' && recordedWorkerId(exchange)
    if (recordedWorker && response && isSuccess(response.status)) workersCreated++
    // A worker the app had that the target did not make: what names it is not sent.
    if (recordedWorker && ids.get(recordedWorker) === undefined)
      unsent.set(
        recordedWorker,
        `its create (#${exchange.index}) was answered ${response?.status ?? sent.error?.kind ?? 'nothing'} by the target, with no worker`,
      )
    const consumer =
      exchange.shapedBy !== undefined || !response
        ? []
        : consumerCheck({
            operationId: exchange.matched.operationId,
            recorded: { status: exchange.status, json: exchange.answerJson },
            target: { status: response.status, json: response.json },
          }).map((finding) => ({ ...finding, message: verdict.mask(finding.message) }))
    const isFailed =
      sent.error !== undefined ||
      verdict.violations.some((v) => v.severity === 'error' || isStrict) ||
      consumer.some((finding) => finding.kind === 'failure')
    const judged: ReplayedExchange = {
      ...base,
      outcome: isFailed ? 'failed' : 'passed',
      sent: summarizeExchange(
        `replay of #${exchange.index}`,
        { exchange: sent, sentJson: verdict.sentJson },
        redactor,
      ),
      spec: verdict.violations,
      consumer,
      curl: curlFor(sent.request, redactor),
    }
    replayed.push(judged)
    options.onExchange?.(judged)
  }

  return {
    tool: 'worker-api-kit contract --replay',
    baseUrl: redactor.response(options.baseUrl),
    recording: name,
    recordedOrigin: recording.origin ?? null,
    profile: isStrict ? 'strict' : 'default',
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(performance.now() - started),
    requestCount: client.requestCount(),
    workersCreated,
    exchanges: replayed,
    leftOut: recording.leftOut,
    idsCarried: ids.pairs().map(([recorded, target]) => ({ recorded, target })),
    ...(abortedBecause === undefined ? {} : { abortedBecause }),
  }
}
