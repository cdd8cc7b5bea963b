import { operationEntry } from '../api/operation-table.js'
import type { OperationId } from '../api/operations.js'
import type { Case } from './cases.js'
import type { Client } from './client.js'
import { type CheckInput, type Exchange, sentBodyOf } from './exchange.js'
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
  readonly orgId?: string | undefined
  readonly llmProviderId?: string | undefined
  readonly onOperation?: ((operationId: OperationId, cases: number) => void) | undefined
  /** Each exchange as soon as it is complete; nothing of it is kept after this returns. */
  readonly onExchange: (input: CheckInput) => void
}

export type Sent = Unsent & {
  /** Cases the options hold back on purpose (a cloud worker without --allow-cloud): listed, not skipped. */
  readonly withheld: readonly NotRun[]
  readonly workersCreated: number
  /** Why the run stopped early, if it did. */
  readonly abortedBecause: string | undefined
}

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
  // Identity across calls: the ids creates answered (with what created them), and the worker the
  // renames rename. A few small entries: one per create within --max-creates.
  const createdIds = new Map<string, string>()
  let renamedWorker: object | undefined
  let abortedBecause: string | undefined
  const runTimeout = `run timeout: the run bound of ${options.runTimeoutMs} ms was reached`

  const skipCase = (c: Case, reason: string) => {
    notRun.push({ case: c, reason })
    return undefined
  }

  /** Sends one case; resolves to the id of the worker it created, if it created one. */
  const execute = async (c: Case, params: Record<string, string>) => {
    if (abortedBecause) return skipCase(c, abortedBecause)
    if (performance.now() >= options.deadline) {
      abortedBecause = runTimeout
      return skipCase(c, abortedBecause)
    }
    if (c.withheld !== undefined) {
      withheld.push({ case: c, reason: c.withheld })
      return undefined
    }
    if (c.operationId === 'createWorker' && workersCreated >= options.maxCreates) {
      return skipCase(c, `--max-creates ${options.maxCreates} reached`)
    }
    const allParams = { ...params, ...c.params }
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
      return skipCase(c, abortedBecause)
    }
    consecutiveTransportErrors = exchange.error ? consecutiveTransportErrors + 1 : 0
    if (consecutiveTransportErrors >= MAX_CONSECUTIVE_TRANSPORT_ERRORS) {
      abortedBecause = `the target gave no usable answer ${MAX_CONSECUTIVE_TRANSPORT_ERRORS} times in a row (${exchange.error?.kind})`
    }
    const createdId = c.operationId === 'createWorker' ? workerIdOf(exchange) : undefined
    const status = exchange.response?.status ?? 0
    if (c.operationId === 'createWorker' && status >= 200 && status < 300) workersCreated++
    const earlier = { createdIds: new Map(createdIds), renamedWorker }
    options.onExchange({ case: c, exchange, sentBody, sentJson, params: allParams, earlier })
    if (createdId !== undefined) {
      if (!createdIds.has(createdId)) createdIds.set(createdId, sentBody)
      renamedWorker ??= workerOf(exchange)
    }
    return createdId
  }

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
  const casesOf = (operationId: OperationId) =>
    options.cases.filter((c) => c.operationId === operationId)

  // Create: one valid worker first (the rename cases need it), then what should create nothing,
  // then the other inputs that may create one, while the create budget lasts.
  const createCases = casesOf('createWorker')
  const first = createCases.find((c) => c.expect === 'accept' && c.withheld === undefined)
  const workerId = await runOperation(
    'createWorker',
    [
      ...(first ? [first] : []),
      ...createCases.filter((c) => c.expect === 'reject'),
      ...createCases.filter((c) => c !== first && c.expect !== 'reject'),
    ],
    {},
  )

  /** An operation none of whose cases is sent: each of them is listed with the reason. */
  const skipOperation = (operationId: OperationId, reason: string) => {
    skippedOperations.set(operationId, reason)
    for (const c of casesOf(operationId)) skipCase(c, reason)
  }

  // Update worker: every case renames the worker created above.
  if (workerId === undefined)
    skipOperation('updateWorker', abortedBecause ?? 'no worker could be created to rename')
  else await runOperation('updateWorker', casesOf('updateWorker'), { id: workerId })

  // Update LLM provider: only on the provider the user named (it is modified).
  if (options.orgId === undefined || options.llmProviderId === undefined) {
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
