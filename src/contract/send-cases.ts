import { operationEntry } from '../api/operation-table.js'
import type { OperationId } from '../api/operations.js'
import type { Case } from './cases.js'
import type { Client } from './client.js'
import { type CheckInput, type Exchange, type SentRequest, sentBodyOf } from './exchange.js'
import { runSequence, type SentCall, type Step } from './sequences/index.js'
import { createStateModel } from './state-model.js'
import type { Tally, Verdicts } from './tally.js'
import type { NotRun, Unsent } from './unsent.js'

/** The Content-Type the spec gives request bodies (§1); a case may send another spelling of it. */
const JSON_MEDIA_TYPE = 'application/json'

/** After this many transport failures in a row, the target is taken to have stopped answering. */
const MAX_CONSECUTIVE_TRANSPORT_ERRORS = 3

export type SendOptions = {
  readonly cases: readonly Case[]
  readonly client: Client
  /** `performance.now()` past which no case is sent (the run's bound, less the time to report). */
  readonly deadline: number
  /** The run's bound as the user gave it, for the reason of the cases left. */
  readonly runTimeoutMs: number
  readonly maxCreates: number
  /** Most calls a failing sequence's shrink may send; 0: no shrink. */
  readonly shrinkCalls: number
  readonly orgId?: string | undefined
  readonly llmProviderId?: string | undefined
  readonly onOperation?: ((operationId: OperationId, cases: number) => void) | undefined
  /** A request as a curl line, masked (for a sequence's script). */
  readonly curlOf: (request: SentRequest) => string
  /** The run's sequence of its generated bodies (sequences/plan.ts), sent before the catalogue. */
  readonly sequence: readonly Step[]
  /**
   * Judges each exchange as soon as it is complete (nothing of it is kept after): `judge` into the
   * report, `probe` for a shrink's trial alone; and notes a sequence beside a finding.
   */
  readonly judge: {
    readonly judge: (input: CheckInput) => Verdicts
    readonly probe: (input: CheckInput) => Verdicts
    readonly attachSequence: Tally['attachSequence']
  }
}

export type Sent = Unsent & {
  /** Cases the options hold back on purpose (a cloud worker without --allow-cloud): listed, not skipped. */
  readonly withheld: readonly NotRun[]
  readonly workersCreated: number
  /** Why the run stopped early, if it did. */
  readonly abortedBecause: string | undefined
}

/** The ids of the provider a case of `updateLlmProvider` updates, where the run has one. */
const providerParamsOf =
  (orgId: string | undefined, llmProviderId: string | undefined) =>
  (c: Case): Record<string, string> =>
    c.operationId === 'updateLlmProvider' && orgId !== undefined && llmProviderId !== undefined
      ? { orgId, llmProviderId }
      : {}

/** The worker a successful answer carries, if it carries one. */
const workerOf = (exchange: Exchange): object | undefined => {
  if (!exchange.response) return undefined
  const { status, json } = exchange.response
  if (status < 200 || status >= 300 || typeof json !== 'object' || json === null) return undefined
  const worker = Reflect.get(json, 'worker')
  return typeof worker === 'object' && worker !== null ? worker : undefined
}

/** The id of the worker a create answered with, if it answered with one. */
const workerIdOf = (exchange: Exchange): string | undefined => {
  const id = Reflect.get(workerOf(exchange) ?? {}, 'id')
  return typeof id === 'string' ? id : undefined
}

/**
 * Sends the cases in the order the operations need them (a worker to rename first), within the
 * run's bound, the create budget and the target's patience; hands each exchange on as it completes.
 */
export const sendCases = async (options: SendOptions): Promise<Sent> => {
  const notRun: NotRun[] = []
  const withheld: NotRun[] = []
  const skippedOperations = new Map<OperationId, string>()
  let workersCreated = 0
  let consecutiveTransportErrors = 0
  // The state the target must now be in, by the spec, after every call it accepted: each call is
  // judged against it, then taught to it.
  const model = createStateModel()
  const providerParams = providerParamsOf(options.orgId, options.llmProviderId)
  let shrinkCalls = 0
  let abortedBecause: string | undefined
  const runTimeout = `run timeout: the run bound of ${options.runTimeoutMs} ms was reached`

  const skipCase = (c: Case, reason: string) => {
    notRun.push({ case: c, reason })
    return undefined
  }

  /**
   * Sends one case and judges it (`probe`: a shrink's trial, which the report does not hold);
   * resolves to what became of it, or undefined when it was not sent.
   */
  const send = async (
    c: Case,
    params: Readonly<Record<string, string>>,
    mode: 'record' | 'probe' = 'record',
  ): Promise<SentCall | undefined> => {
    const isProbe = mode === 'probe'
    const setAside = (reason: string) => (isProbe ? undefined : skipCase(c, reason))
    if (abortedBecause) return setAside(abortedBecause)
    if (performance.now() >= options.deadline) {
      abortedBecause = runTimeout
      return setAside(abortedBecause)
    }
    if (c.withheld !== undefined) {
      if (!isProbe) withheld.push({ case: c, reason: c.withheld })
      return undefined
    }
    if (c.operationId === 'createWorker' && workersCreated >= options.maxCreates) {
      return setAside(`--max-creates ${options.maxCreates} reached`)
    }
    const allParams = { ...providerParams(c), ...params, ...c.params }
    for (const [name, derive] of Object.entries(c.deriveParams ?? {}))
      allParams[name] = derive(params[name] ?? '')
    const route = operationEntry(c.operationId)
    const { sentBody, sentJson } = sentBodyOf(c.body)
    const exchange = await options.client.send({
      method: route.method,
      path: route.pathFor(allParams),
      headers: { 'content-type': c.contentType ?? JSON_MEDIA_TYPE },
      body: sentBody,
    })
    // Cut short by the run's bound, not by the server: not sent as far as the verdict goes.
    if (exchange.error?.isCutByRunBound === true) {
      abortedBecause = runTimeout
      return setAside(abortedBecause)
    }
    if (isProbe) shrinkCalls++
    consecutiveTransportErrors = exchange.error ? consecutiveTransportErrors + 1 : 0
    if (consecutiveTransportErrors >= MAX_CONSECUTIVE_TRANSPORT_ERRORS) {
      abortedBecause = `the target gave no usable answer ${MAX_CONSECUTIVE_TRANSPORT_ERRORS} times in a row (${exchange.error?.kind})`
    }
    const createdId = c.operationId === 'createWorker' ? workerIdOf(exchange) : undefined
    const status = exchange.response?.status ?? 0
    if (c.operationId === 'createWorker' && status >= 200 && status < 300) workersCreated++
    const call = { operationId: c.operationId, params: allParams }
    const input = {
      case: c,
      exchange,
      sentBody,
      sentJson,
      params: allParams,
      earlier: model.earlierFor(call),
    }
    const verdicts = isProbe ? options.judge.probe(input) : options.judge.judge(input)
    model.learn(call, input)
    return {
      operationId: c.operationId,
      status: exchange.response?.status,
      // A finding's own curl line, so that a sequence is noted beside it; else made as asked.
      get curl() {
        return (
          verdicts.failures[0]?.curl ??
          verdicts.warnings[0]?.curl ??
          options.curlOf(exchange.request)
        )
      },
      failures: verdicts.failures,
      warnings: verdicts.warnings,
      createdId,
    }
  }
  const execute = async (c: Case, params: Record<string, string>) =>
    (await send(c, params))?.createdId
  /** The first worker the run created: the catalogue's renames' worker when it could create none. */
  let firstWorkerId: string | undefined

  /** An operation's cases the sequence does not send. */
  const casesOf = (operationId: OperationId) =>
    options.cases.filter((c) => c.operationId === operationId && c.kind !== 'generated')

  // The sequence first, while the create budget is whole (a shrink spends from it): the run's
  // generated bodies, interleaved and sent together, judged against the state model.
  const hasProvider = options.orgId !== undefined && options.llmProviderId !== undefined
  const catalogueCreates = casesOf('createWorker').filter(
    (c) => c.expect !== 'reject' && c.withheld === undefined,
  ).length
  await runSequence(options.sequence, {
    send: async (c, params, mode) => {
      const call = await send(c, params, mode)
      if (mode === 'record') firstWorkerId ??= call?.createdId
      return call
    },
    isStruggling: () => consecutiveTransportErrors > 0,
    // A shrink spends only what the catalogue's creates leave of --max-creates.
    canAfford: (calls, creates) =>
      shrinkCalls + calls <= options.shrinkCalls &&
      workersCreated + creates <= options.maxCreates - catalogueCreates,
    note: options.judge.attachSequence,
  })

  /** Sends an operation's cases in order; resolves to the id of the first worker a case created. */
  const runOperation = async (
    operationId: OperationId,
    ordered: readonly Case[],
    params: Record<string, string>,
  ) => {
    options.onOperation?.(operationId, ordered.length)
    let createdId: string | undefined
    for (const c of ordered) {
      const id = await execute(c, params) // never inside `??=`: it would stop being sent
      createdId ??= id
    }
    return createdId
  }
  // Create: one valid worker first (the rename cases need it), then what should create nothing,
  // then the other inputs that may create one, while the create budget lasts.
  const createCases = casesOf('createWorker')
  const first = createCases.find((c) => c.expect === 'accept' && c.withheld === undefined)
  const catalogueWorkerId = await runOperation(
    'createWorker',
    [
      ...(first ? [first] : []),
      ...createCases.filter((c) => c.expect === 'reject'),
      ...createCases.filter((c) => c !== first && c.expect !== 'reject'),
    ],
    {},
  )
  const workerId = catalogueWorkerId ?? firstWorkerId

  /** An operation none of whose cases is sent: each of them is listed with the reason. */
  const skipOperation = (operationId: OperationId, reason: string) => {
    skippedOperations.set(operationId, reason)
    // Without a provider, the sequence sent none of its updates either.
    const cases =
      operationId === 'updateLlmProvider'
        ? options.cases.filter((c) => c.operationId === operationId)
        : casesOf(operationId)
    for (const c of cases) skipCase(c, reason)
  }

  // Update worker: every case renames the worker created above (or the sequence's first).
  if (workerId === undefined)
    skipOperation('updateWorker', abortedBecause ?? 'no worker could be created to rename')
  else await runOperation('updateWorker', casesOf('updateWorker'), { id: workerId })

  // Update LLM provider: only on the provider the user named (it is modified).
  if (!hasProvider) {
    skipOperation(
      'updateLlmProvider',
      'needs --org-id and --llm-provider-id of a provider that exists on the target',
    )
  } else {
    await runOperation('updateLlmProvider', casesOf('updateLlmProvider'), {
      orgId: options.orgId,
      llmProviderId: options.llmProviderId,
    })
  }

  return { notRun, withheld, skippedOperations, workersCreated, abortedBecause }
}
