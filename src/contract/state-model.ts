import type { OperationId } from '../api/operations.js'
import { instantOf } from '../schemas/date-time.js'
import { field as fieldOf } from './checks/json-object.js'
import type { CheckInput, Earlier } from './exchange.js'
import { isSuccess } from './status-class.js'

/** Most ids (and workers) the model holds; the oldest are forgotten first. */
const MAX_REMEMBERED = 1_000
/** A body or worker larger than this is not kept: identity checks skip what they cannot recall. */
const MAX_KEPT_CHARS = 16 * 1024

/**
 * A worker's fields no accepted request of the three can change (spec §4.3: a rename's body is the
 * name alone; §4.1 names no worker), as the create answered them. The one list the model and the
 * checks that compare against it read.
 */
export const KEPT_WORKER_FIELDS = [
  'orgId',
  'destination',
  'createdByUserId',
  'description',
  'imageVersion',
  'workspacePath',
  'sandboxBackend',
] as const

/** What a call is about: its operation and its path parameters. */
export type Call = {
  readonly operationId: OperationId
  readonly params: Readonly<Record<string, string>>
}

/** A Map that forgets its oldest entries past `MAX_REMEMBERED`. */
const boundedMap = <V>() => {
  const map = new Map<string, V>()
  return Object.assign(map, {
    remember(key: string, value: V) {
      map.delete(key)
      map.set(key, value)
      if (map.size > MAX_REMEMBERED) map.delete(map.keys().next().value ?? '')
    },
  })
}

const field = (value: unknown, name: string): unknown =>
  typeof value === 'object' && value !== null ? Reflect.get(value, name) : undefined

/** The worker a success answered, when it is one the model can afford to keep. */
const answeredWorker = (input: CheckInput): { id: string; worker: object } | undefined => {
  const worker = field(input.exchange.response?.json, 'worker')
  const id = field(worker, 'id')
  if (typeof id !== 'string' || typeof worker !== 'object' || worker === null) return undefined
  const size = input.exchange.response?.text.length ?? 0
  return size <= MAX_KEPT_CHARS ? { id, worker } : undefined
}

/** The later of two date-times, by the instant they name; the known one when one is unreadable. */
const laterOf = (was: unknown, is: unknown): unknown => {
  const wasAt = typeof was === 'string' ? instantOf(was) : undefined
  const isAt = typeof is === 'string' ? instantOf(is) : undefined
  if (wasAt === undefined) return is
  if (isAt === undefined) return was
  return isAt >= wasAt ? is : was
}

/** The worker a successful create answered, if the exchange is one. */
export const createdWorkerOf = (input: CheckInput): object | undefined => {
  const { response } = input.exchange
  if (input.case.operationId !== 'createWorker' || !response || !isSuccess(response.status))
    return undefined
  const worker = fieldOf(response.json, 'worker')
  return typeof worker === 'object' && worker !== null ? worker : undefined
}

/**
 * The worker the model expects after an accepted rename of `before`: what the rename may change
 * (the name, the times of activity, the status) as answered, what it may not (the kept fields,
 * whether it is the caller's, the creation time) as the model held it, and the latest `updatedAt`
 * seen. An answer that broke a rule is judged once: it does not become what later calls are held to.
 */
const afterRename = (before: object, answered: object): object => {
  const kept = Object.fromEntries(
    KEPT_WORKER_FIELDS.flatMap((name) =>
      field(before, name) === undefined ? [] : [[name, field(before, name)]],
    ),
  )
  return {
    ...answered,
    ...kept,
    id: field(before, 'id'),
    // Whether it is the caller's own, as the create answered its caller (is-mine-unchanged).
    ...(field(before, 'isMine') === undefined ? {} : { isMine: field(before, 'isMine') }),
    createdAt: field(before, 'createdAt'),
    updatedAt: laterOf(field(before, 'updatedAt'), field(answered, 'updatedAt')),
  }
}

const providerKey = (params: Readonly<Record<string, string>>) =>
  `${params['orgId'] ?? ''}/${params['llmProviderId'] ?? ''}`

/**
 * The judge's model of the API's state, bounded: the workers the target confirmed (each as the
 * spec says it must now be, after every accepted call), the body each was created from, and the
 * organization/provider pairs it updated. Every call is judged against it (`earlierFor`) and then
 * taught to it (`learn`): a contract run's calls, its sequences and a proxy's traffic alike. The
 * spec shows no provider fields, so a provider's own state is not modelled; what the model holds
 * of workers must survive provider updates all the same.
 */
export const createStateModel = () => {
  const createdIds = boundedMap<string>()
  const workers = boundedMap<object>()
  const providers = boundedMap<true>()

  return {
    /** Whether the target confirmed, by an earlier success, every id this call names. */
    confirms(call: Call): boolean {
      if (call.operationId === 'createWorker') return true
      if (call.operationId === 'updateWorker') return workers.has(call.params['id'] ?? '')
      return providers.has(providerKey(call.params))
    },
    /** What earlier calls established, for judging this one. */
    earlierFor(call: Call): Earlier {
      return {
        createdIds,
        renamedWorker:
          call.operationId === 'updateWorker' ? workers.get(call.params['id'] ?? '') : undefined,
      }
    },
    /** The worker the model holds under `id`, if any. */
    worker: (id: string): object | undefined => workers.get(id),
    /** Teaches the model a judged call: only accepted calls change the state. */
    learn(call: Call, input: CheckInput) {
      const status = input.exchange.response?.status ?? 0
      if (status < 200 || status >= 300) return
      if (call.operationId === 'updateLlmProvider') {
        providers.remember(providerKey(call.params), true)
        return
      }
      const answered = answeredWorker(input)
      if (!answered) return
      if (call.operationId === 'createWorker') {
        if (!createdIds.has(answered.id) && input.sentBody.length <= MAX_KEPT_CHARS)
          createdIds.remember(answered.id, input.sentBody)
        if (!workers.has(answered.id)) workers.remember(answered.id, answered.worker)
        return
      }
      const renamed = call.params['id'] ?? ''
      const before = workers.get(renamed)
      // A worker first met in a rename (a proxy that did not see its create) is taken as answered.
      if (before === undefined) workers.remember(answered.id, answered.worker)
      else workers.remember(renamed, afterRename(before, answered.worker))
    },
  }
}
