import { jsonBytes } from '../common/json-bytes.js'
import type { LlmProviderSource } from '../schemas/llm-provider.js'
import type { MockInstance, MockLaunch, MockWorker, MockWorkerStatus } from '../schemas/worker.js'

/**
 * A stored worker as created. `isMine` depends on who asks and the statuses on the clock (the
 * lifecycle), so both are computed per response.
 */
export type WorkerRecord = {
  worker: Omit<MockWorker, 'isMine'>
  instance: MockInstance
  launch: MockLaunch
  /** A status that stays, whatever the lifecycle says (set by a scenario). */
  pinnedStatus?: MockWorkerStatus
  /** The lifecycle goes on from this age at least (a recorded status's step): never back before it. */
  lifecycleFromMs?: number
}

export type OrgRecord = { id: string; name: string }

/** A stored LLM provider. `apiKey` is a secret: it never leaves the store (see `toMockLlmProvider`). */
export type LlmProviderRecord = {
  id: string
  orgId: string
  source: LlmProviderSource
  providerId: string | null
  modelIds: string[]
  customConfigText: string | null
  memberIds: string[]
  teamIds: string[]
  apiKey: string | null
  createdAt: string
  updatedAt: string
}

/**
 * Bytes of stored workers one session keeps (their JSON size, see `jsonBytes`). A typical worker
 * is ~0.8 KB, so 10 000 fit and the count bound comes first; a create's body is at most 1 MiB
 * (MAX_BODY_BYTES), so 8 of the largest fit. With the default 100 sessions the worst case is
 * 800 MiB, which the cap over all sessions (session.ts) brings down. assumption: see docs/limits.md#limits
 */
export const DEFAULT_MAX_SESSION_BYTES = 8 * 1024 * 1024

/** Bounds of one session's state; the oldest entry is evicted past them (docs/limits.md#limits). */
export const DEFAULT_STORE_LIMITS = {
  maxWorkers: 10_000,
  maxBytes: DEFAULT_MAX_SESSION_BYTES,
} as const
export type StoreLimits = {
  /** Workers kept; past it the oldest is dropped. */
  readonly maxWorkers: number
  /** Bytes of workers kept (their JSON size); past it the oldest are dropped. */
  readonly maxBytes: number
}

export type Store = ReturnType<typeof createStore>

/**
 * The size of `record` from `fromBytes`, the size of `from`, when `record` is `from` with some
 * fields of its worker replaced (the same fields, none undefined, everything else shared): the
 * size is a sum over fields (`jsonBytes`), so it changes by the replaced fields' sizes alone.
 * Undefined for any other change: the caller measures the whole record.
 */
const resizedBytes = (
  from: WorkerRecord,
  fromBytes: number,
  record: WorkerRecord,
): number | undefined => {
  if (!isSameBut(from, record, 'worker')) return undefined
  const before: Readonly<Record<string, unknown>> = from.worker
  const after: Readonly<Record<string, unknown>> = record.worker
  let size = fromBytes
  let fields = 0
  for (const name in after) {
    if (!Object.hasOwn(after, name)) continue
    fields++
    const was = before[name]
    const is = after[name]
    if (was === is) continue
    if (was === undefined || is === undefined || !Object.hasOwn(before, name)) return undefined
    // At the depth a worker's fields have in the record, as jsonBytes(record) measures them.
    size += jsonBytes(is, WORKER_FIELD_DEPTH) - jsonBytes(was, WORKER_FIELD_DEPTH)
  }
  return fields === Object.keys(before).length ? size : undefined
}
/** How deep a worker's fields sit in a record (`record.worker.name`), as jsonBytes counts depth. */
const WORKER_FIELD_DEPTH = 2

/** Whether two objects have the same own fields with the same values, but the field `except`. */
const isSameBut = (a: object, b: object, except: string) => {
  let fields = 0
  for (const name in b) {
    if (!Object.hasOwn(b, name)) continue
    fields++
    if (
      name !== except &&
      (!Object.hasOwn(a, name) || Reflect.get(a, name) !== Reflect.get(b, name))
    )
      return false
  }
  return fields === Object.keys(a).length
}

/** In-memory state of one session: organizations, their LLM providers, and a bounded set of workers. */
export const createStore = (limits: StoreLimits = DEFAULT_STORE_LIMITS) => {
  const orgs = new Map<string, OrgRecord>()
  const llmProviders = new Map<string, LlmProviderRecord>()
  const workers = new Map<string, WorkerRecord>()
  /** Each worker's size, measured once when it is put. */
  const sizes = new Map<string, number>()
  let bytes = 0
  // Worker ids oldest first, from `head` on. Eviction reads them here: taking the oldest from the
  // Map's own iterator walks every slot a delete left behind (V8 compacts the table only as it
  // grows), ~8 µs a create once the store is full against ~0.4 µs from this queue.
  let order: (string | undefined)[] = []
  let head = 0
  const drop = (id: string) => {
    bytes -= sizes.get(id) ?? 0
    sizes.delete(id)
    workers.delete(id)
  }
  const isOver = () => workers.size > limits.maxWorkers || bytes > limits.maxBytes
  /** Drops the oldest workers but `keep` until both bounds hold. */
  const evict = (keep: string) => {
    let kept = false
    while (isOver() && head < order.length) {
      const oldest = order[head]
      order[head] = undefined
      head++
      if (oldest === keep) kept = true
      else if (oldest !== undefined) drop(oldest)
    }
    // the worker just put is now the oldest there is: back at the front
    if (kept) order[--head] = keep
    if (head > 1024 && head * 2 > order.length) {
      order = order.slice(head)
      head = 0
    }
  }
  /** The workers as callers see them: read only (the store alone adds and evicts). */
  const readOnlyWorkers: ReadonlyMap<string, WorkerRecord> = workers
  return {
    orgs,
    llmProviders,
    workers: readOnlyWorkers,
    limits,
    /** Bytes of the workers kept: the sum of their JSON sizes. */
    bytes: () => bytes,
    /**
     * Stores a worker (a known id keeps its place), then drops the oldest others until both bounds
     * hold. The worker just put always stays, even alone past `maxBytes`: a create's body bounds
     * its size. assumption: see docs/limits.md#limits
     */
    putWorker(record: WorkerRecord, from?: WorkerRecord) {
      const id = record.worker.id
      const known = sizes.get(id)
      // A change of some of the stored worker's fields (a rename) is measured by those fields.
      const size =
        (from !== undefined && known !== undefined && workers.get(id) === from
          ? resizedBytes(from, known, record)
          : undefined) ?? jsonBytes(record)
      bytes += size - (known ?? 0)
      sizes.set(id, size)
      workers.set(id, record)
      if (known === undefined) order.push(id)
      if (isOver()) evict(id)
    },
    /**
     * Whether `record` can be put without dropping any other worker: both bounds hold with it
     * (the admin API edits state this way: it refuses rather than lose a worker).
     */
    fits(record: WorkerRecord) {
      const known = sizes.get(record.worker.id)
      const count = workers.size + (known === undefined ? 1 : 0)
      return (
        count <= limits.maxWorkers && bytes + jsonBytes(record) - (known ?? 0) <= limits.maxBytes
      )
    },
    /** Drops the worker `id`, and its place in the eviction order; false when there is none. */
    deleteWorker(id: string) {
      if (!workers.has(id)) return false
      drop(id)
      // O(workers): a delete is an admin's edit, rare beside creates.
      const at = order.indexOf(id, head)
      if (at !== -1) order.splice(at, 1)
      return true
    },
    /** The provider `llmProviderId` of organization `orgId`, if both exist and belong together. */
    findLlmProvider(orgId: string, llmProviderId: string) {
      const record = llmProviders.get(llmProviderId)
      return record?.orgId === orgId ? record : undefined
    },
  }
}
