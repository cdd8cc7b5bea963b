import type { MatchedOperation } from '../api/match-operation.js'
import {
  MAX_SEED_WORKERS,
  Scenario,
  type ScenarioInput,
  SeedLlmProvider,
  SeedLlmProviderFields,
  SeedWorker,
} from '../mock/scenario.js'
import { MockWorkerStatus } from '../schemas/worker.js'

/** Most workers a recording keeps (a scenario's bound); the oldest seen go first. */
const MAX_RECORDED_WORKERS = MAX_SEED_WORKERS
/** A worker whose JSON is larger than this is not recorded (a 1 MB name stays on staging). */
const MAX_RECORDED_WORKER_CHARS = 64 * 1024

/** The fields of a worker answer a scenario can seed, picked by name; the schema decides the rest. */
const SEEDED_WORKER_FIELDS = [
  'id',
  'name',
  'description',
  'destination',
  'imageVersion',
  'workspacePath',
  'sandboxBackend',
  'createdAt',
] as const

/** The provider fields a successful update sent; the key itself never (only that one was sent). */
const SEEDED_PROVIDER_FIELDS = Object.keys(SeedLlmProviderFields.shape)

const objectOr = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined

const pick = (from: Record<string, unknown>, names: readonly string[]) =>
  Object.fromEntries(names.filter((name) => from[name] !== undefined).map((n) => [n, from[n]]))

/** A worker answer as a scenario's seed, or undefined when it does not fit one. */
const seedOf = (worker: Record<string, unknown>) => {
  const status = MockWorkerStatus.safeParse(worker['status'])
  const seed = SeedWorker.safeParse({
    ...pick(worker, SEEDED_WORKER_FIELDS),
    // A status of ours is kept as it was; another (the real service's own) is left to the lifecycle.
    ...(status.success ? { status: status.data } : {}),
  })
  if (!seed.success) return undefined
  // The creation instant says the age: no default `ageMs` beside it to puzzle a reader.
  const { ageMs: _age, ...rest } = seed.data
  return rest.createdAt === undefined ? seed.data : rest
}

export type RecordedExchange = {
  readonly matched: MatchedOperation
  readonly status: number
  readonly requestJson: unknown
  readonly responseJson: unknown
}

/**
 * What passed through the proxy, as a scenario the mock loads (`mock --scenario FILE`): the
 * organization and provider the app used, and every worker the target answered, so a developer can
 * go offline with the state they had. Only what the target confirmed (2xx answers) is kept; an
 * API key never (the scenario says only that one is stored).
 */
export const createRecording = (source: string, earlier?: ScenarioInput) => {
  let orgId: string | undefined
  let provider: { id: string; fields: Record<string, unknown>; hasApiKey: boolean } | undefined
  const workers = new Map<string, ReturnType<typeof seedOf> & object>()
  /** Workers dropped past the bound, oldest first: said in the description and in health. */
  let dropped = 0

  const keepWorker = (value: unknown) => {
    const worker = objectOr(value)
    if (!worker || (JSON.stringify(worker)?.length ?? 0) > MAX_RECORDED_WORKER_CHARS) return
    if (typeof worker['orgId'] === 'string') orgId ??= worker['orgId']
    const seed = seedOf(worker)
    if (!seed?.id) return
    workers.delete(seed.id)
    workers.set(seed.id, seed)
    if (workers.size > MAX_RECORDED_WORKERS) {
      workers.delete(workers.keys().next().value ?? '')
      dropped++
    }
  }

  // A recording goes on from the one the file holds: a restart adds to it, never wipes it.
  if (earlier) {
    const { state } = Scenario.parse(earlier)
    orgId = state.organization.id
    const { id, hasApiKey, ...fields } = state.llmProvider
    if (id !== undefined) provider = { id, fields, hasApiKey: hasApiKey === true }
    for (const worker of state.workers) keepWorker(worker)
  }

  return {
    /** Takes in one exchange of the target; returns whether the recording changed. */
    observe({ matched, status, requestJson, responseJson }: RecordedExchange): boolean {
      if (status < 200 || status >= 300) return false
      if (matched.operationId === 'updateLlmProvider') {
        const { orgId: org = '', llmProviderId = '' } = matched.params
        const sent = objectOr(requestJson) ?? {}
        const fields = SeedLlmProvider.safeParse(pick(sent, SEEDED_PROVIDER_FIELDS))
        orgId = org
        const kept = provider?.id === llmProviderId ? provider : undefined
        provider = {
          id: llmProviderId,
          // A PATCH: what it does not send stays as the last update left it.
          fields: { ...kept?.fields, ...(fields.success ? fields.data : {}) },
          hasApiKey: kept?.hasApiKey === true || typeof sent['apiKey'] === 'string',
        }
      } else keepWorker(objectOr(responseJson)?.['worker'])
      return true
    },
    /** The recording as a scenario, valid by the mock's own schema. */
    scenario(): ScenarioInput {
      const scenario: ScenarioInput = {
        name: 'recorded',
        description: `Recorded by worker-api-kit proxy from ${source}: ${workers.size} worker(s)${provider ? ' and the LLM provider' : ''} the target answered${dropped > 0 ? ` (the ${dropped} oldest dropped: ${MAX_RECORDED_WORKERS} at most)` : ''}.`,
        state: {
          organization: orgId === undefined ? {} : { id: orgId },
          llmProvider: provider
            ? { id: provider.id, ...provider.fields, hasApiKey: provider.hasApiKey }
            : {},
          workers: [...workers.values()],
        },
      }
      // What the schema refuses (an id of another shape) is left out rather than written broken.
      const checked = Scenario.safeParse(scenario)
      if (checked.success) return scenario
      return { ...scenario, state: { ...scenario.state, organization: {}, llmProvider: {} } }
    },
    /** How many workers the recording holds. */
    workers: () => workers.size,
    /** How many workers were dropped past the bound (the oldest first). */
    dropped: () => dropped,
  }
}
export type Recording = ReturnType<typeof createRecording>
