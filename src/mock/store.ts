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

/** Bounds of one session's state; the oldest entry is evicted past them (README#limits). */
export const DEFAULT_STORE_LIMITS = { maxWorkers: 10_000 } as const
export type StoreLimits = { maxWorkers: number }

export type Store = ReturnType<typeof createStore>

/** In-memory state of one session: organizations, their LLM providers, and a bounded set of workers. */
export const createStore = (limits: StoreLimits = DEFAULT_STORE_LIMITS) => {
  const orgs = new Map<string, OrgRecord>()
  const llmProviders = new Map<string, LlmProviderRecord>()
  const workers = new Map<string, WorkerRecord>()
  return {
    orgs,
    llmProviders,
    workers: workers as ReadonlyMap<string, WorkerRecord>,
    /** Stores a worker, evicting the oldest one when the bound is reached (Map keeps insertion order). */
    putWorker(record: WorkerRecord) {
      if (!workers.has(record.worker.id) && workers.size >= limits.maxWorkers) {
        const oldest = workers.keys().next()
        if (!oldest.done) workers.delete(oldest.value)
      }
      workers.set(record.worker.id, record)
    },
    /** The provider `llmProviderId` of organization `orgId`, if both exist and belong together. */
    findLlmProvider(orgId: string, llmProviderId: string) {
      const record = llmProviders.get(llmProviderId)
      return record?.orgId === orgId ? record : undefined
    },
  }
}
