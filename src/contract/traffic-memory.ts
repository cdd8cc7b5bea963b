import type { MatchedOperation } from '../api/match-operation.js'
import type { CheckInput, Earlier } from './exchange.js'

/** Most ids (and workers) the judge remembers; the oldest are forgotten first. */
const MAX_REMEMBERED = 1_000
/** A body or worker larger than this is not kept: identity checks skip what they cannot recall. */
const MAX_KEPT_CHARS = 16 * 1024

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

/** The worker a success answered, when it is one the judge can afford to keep. */
const keptWorker = (input: CheckInput): { id: string; worker: object } | undefined => {
  const worker = field(input.exchange.response?.json, 'worker')
  const id = field(worker, 'id')
  if (typeof id !== 'string' || typeof worker !== 'object' || worker === null) return undefined
  const size = input.exchange.response?.text.length ?? 0
  return size <= MAX_KEPT_CHARS ? { id, worker } : undefined
}

/**
 * What a traffic judge learns from the target's successes, bounded: which worker ids and which
 * organization/provider pairs exist, the body each worker was created from, and each worker's last
 * answer (what a rename must keep). Identity across calls, as the contract run keeps it for its own.
 */
export const createTrafficMemory = () => {
  const createdIds = boundedMap<string>()
  const workers = boundedMap<object>()
  const providers = boundedMap<true>()
  const providerKey = (params: Readonly<Record<string, string>>) =>
    `${params['orgId'] ?? ''}/${params['llmProviderId'] ?? ''}`

  return {
    /** Whether the target confirmed, by an earlier success, every id this request names. */
    confirms(matched: MatchedOperation): boolean {
      if (matched.operationId === 'createWorker') return true
      if (matched.operationId === 'updateWorker') return workers.has(matched.params['id'] ?? '')
      return providers.has(providerKey(matched.params))
    },
    earlierFor(matched: MatchedOperation): Earlier {
      return {
        createdIds,
        renamedWorker:
          matched.operationId === 'updateWorker'
            ? workers.get(matched.params['id'] ?? '')
            : undefined,
      }
    },
    learn(matched: MatchedOperation, input: CheckInput) {
      const status = input.exchange.response?.status ?? 0
      if (status < 200 || status >= 300) return
      if (matched.operationId === 'updateLlmProvider') {
        providers.remember(providerKey(matched.params), true)
        return
      }
      const kept = keptWorker(input)
      if (!kept) return
      if (
        matched.operationId === 'createWorker' &&
        !createdIds.has(kept.id) &&
        input.sentBody.length <= MAX_KEPT_CHARS
      )
        createdIds.remember(kept.id, input.sentBody)
      workers.remember(kept.id, kept.worker)
    },
  }
}
