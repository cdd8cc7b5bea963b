import type { MatchedOperation } from '../api/match-operation.js'
import { jsonObjectOr } from '../common/json-object.js'
import { utf8Length } from '../common/utf8-length.js'
import { MockWorkerStatus } from '../schemas/worker.js'
import { maskedStrings } from '../secrets/index.js'
import { keyLastFourOf } from './key-last-four.js'
import {
  EMPTY_STATE,
  MAX_SEED_WORKERS,
  ONE_SHOT_PARSE,
  Scenario,
  type ScenarioInput,
  SeedLlmProviderFields,
  SeedWorker,
} from './scenario.js'
import { MAX_SCENARIO_FILE_BYTES } from './scenario-file-bounds.js'

/** Most workers a recording keeps (a scenario's bound); the oldest seen go first. */
const MAX_RECORDED_WORKERS = MAX_SEED_WORKERS
/** Most bytes of the recording's file: what `mock --scenario` reads, so what is recorded loads. */
const MAX_RECORDING_BYTES = MAX_SCENARIO_FILE_BYTES
/**
 * A worker, or an update's provider fields, whose JSON is larger than this is not recorded (a 1 MB
 * name stays on staging): many fit in the file.
 */
const MAX_RECORDED_CHARS = 64 * 1024
/** Bytes kept free for the description, which grows as workers are dropped. */
const DESCRIPTION_ROOM = 200
/** The recording's name: with `recordedFrom`, how a proxy knows a file it may go on from. */
const RECORDING_NAME = 'recorded'
/** The keys a recording has: a file with any other (rules someone added) is theirs, not ours. */
const RECORDING_KEYS: ReadonlySet<string> = new Set([
  '$schema',
  'name',
  'description',
  'recordedFrom',
  'state',
])

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

const objectOr = jsonObjectOr

const pick = (from: Record<string, unknown>, names: readonly string[]) =>
  Object.fromEntries(names.filter((name) => from[name] !== undefined).map((n) => [n, from[n]]))

/** A worker answer as a scenario's seed, or undefined when it does not fit one. */
const seedOf = (worker: Record<string, unknown>) => {
  // An answer's `status`, or the `recordedStatus` of the recording a restart goes on from.
  const status = MockWorkerStatus.safeParse(worker['status'] ?? worker['recordedStatus'])
  const seed = SeedWorker.safeParse({
    ...pick(worker, SEEDED_WORKER_FIELDS),
    // A status of ours goes on along the lifecycle from where it was; another (the real service's
    // own) is left to the lifecycle by the worker's age. assumption: see docs/limits.md#assumptions
    ...(status.success ? { recordedStatus: status.data } : {}),
  })
  if (!seed.success) return undefined
  // The creation instant says the age: no default `ageMs` beside it to puzzle a reader.
  const { ageMs: _age, ...rest } = seed.data
  return rest.createdAt === undefined ? seed.data : rest
}
type Seed = NonNullable<ReturnType<typeof seedOf>>

/**
 * Bytes a worker takes in the file: its pretty JSON, each line indented three levels deeper
 * (`state.workers[i]`), and the `,\n` that separates it from the next.
 */
const fileBytesOf = (seed: Seed) => {
  const text = JSON.stringify(seed, null, 2)
  return utf8Length(text) + 6 * text.split('\n').length + 2
}

/** Whether `raw` is a recording a proxy wrote (`recordedFrom`, and nothing a person added). */
export const isRecording = (raw: unknown): raw is ScenarioInput => {
  const object = objectOr(raw)
  return (
    object !== undefined &&
    object['name'] === RECORDING_NAME &&
    typeof object['recordedFrom'] === 'string' &&
    Object.keys(object).every((key) => RECORDING_KEYS.has(key)) &&
    Scenario.safeParse(raw, ONE_SHOT_PARSE).success
  )
}

export type RecordedExchange = {
  readonly matched: MatchedOperation
  readonly status: number
  /** The bodies as parsed, secrets and all: the recording masks what it keeps with `mask`. */
  readonly requestJson: unknown
  readonly responseJson: unknown
  /** Masks the secrets of this exchange in a text (the proxy's, a HAR's). */
  readonly mask: (text: string) => string
}

type Provider = {
  id: string
  fields: Record<string, unknown>
  hasApiKey: boolean
  lastFour: string | undefined
}

/**
 * What passed through the proxy, as a scenario the mock loads (`mock --scenario FILE`): the
 * organization and provider the app used, and every worker the target answered, so a developer can
 * go offline with the state they had. Only what the target confirmed (2xx answers) is kept; an
 * API key never (the scenario says only that one is stored, and the last four characters the
 * target showed). Its file stays within what the mock reads: the oldest workers go first.
 */
export const createRecording = (
  source: string,
  earlier?: ScenarioInput,
  /** How the description starts: who recorded what (a proxy, a HAR file read). */
  recordedBy = `Recorded by worker-api-kit proxy from ${source}`,
) => {
  let orgId: string | undefined
  let provider: Provider | undefined
  const workers = new Map<string, { seed: Seed; bytes: number }>()
  let workerBytes = 0
  /** Workers dropped past the bounds, oldest first: said in the description and in health. */
  let dropped = 0

  const dropOldest = () => {
    const [id, oldest] = workers.entries().next().value ?? []
    if (id === undefined || oldest === undefined) return
    workers.delete(id)
    workerBytes -= oldest.bytes
    dropped++
  }

  const scenarioOf = (seeds = [...workers.values()].map(({ seed }) => seed)): ScenarioInput => {
    const scenario: ScenarioInput = {
      name: RECORDING_NAME,
      description: `${recordedBy}: ${workers.size} worker(s)${provider ? ' and the LLM provider' : ''} the target answered${dropped > 0 ? ` (the ${dropped} oldest dropped: ${MAX_RECORDED_WORKERS} workers and ${MAX_RECORDING_BYTES} bytes at most)` : ''}.`,
      recordedFrom: source,
      state: {
        organization: orgId === undefined ? {} : { id: orgId },
        llmProvider: provider
          ? {
              id: provider.id,
              ...provider.fields,
              hasApiKey: provider.hasApiKey,
              ...(provider.hasApiKey && provider.lastFour !== undefined
                ? { apiKeyLastFour: provider.lastFour }
                : {}),
            }
          : {},
        workers: seeds,
      },
    }
    // What the schema refuses (an id of another shape) is left out rather than written broken.
    const checked = Scenario.safeParse(scenario, ONE_SHOT_PARSE)
    if (checked.success) return scenario
    return { ...scenario, state: { ...scenario.state, organization: {}, llmProvider: {} } }
  }

  /**
   * The file's text without its workers: bytes the workers cannot have. Built without them: a
   * provider update measured it again, and building (and checking) every worker each time cost a
   * proxied contract run a sixth of its CPU. Where the whole file's check would have dropped the
   * organization and the provider (a worker the schema refuses), the head is over-counted, and
   * `text()` drops workers until the file fits.
   */
  let headBytes = 0
  const measureHead = () => {
    headBytes = utf8Length(`${JSON.stringify(scenarioOf([]), null, 2)}\n`) + DESCRIPTION_ROOM
  }
  /** Drops the oldest workers until the file fits what the mock reads. */
  const keepWithinBound = () => {
    while (workers.size > 0 && headBytes + workerBytes > MAX_RECORDING_BYTES) dropOldest()
  }

  const keepWorker = (value: unknown) => {
    const worker = objectOr(value)
    if (!worker || (JSON.stringify(worker)?.length ?? 0) > MAX_RECORDED_CHARS) return
    if (typeof worker['orgId'] === 'string') orgId ??= worker['orgId']
    const seed = seedOf(worker)
    if (!seed?.id) return
    const earlier = workers.get(seed.id)
    if (earlier) {
      workers.delete(seed.id)
      workerBytes -= earlier.bytes
    }
    const bytes = fileBytesOf(seed)
    workers.set(seed.id, { seed, bytes })
    workerBytes += bytes
    while (workers.size > MAX_RECORDED_WORKERS) dropOldest()
    keepWithinBound()
  }

  // A recording goes on from the one the file holds: a restart adds to it, never wipes it.
  if (earlier) {
    const { state = EMPTY_STATE } = Scenario.parse(earlier, ONE_SHOT_PARSE)
    orgId = state.organization.id
    const { id, hasApiKey, apiKeyLastFour, ...fields } = state.llmProvider
    if (id !== undefined)
      provider = {
        id,
        fields,
        hasApiKey: hasApiKey === true,
        lastFour: apiKeyLastFour ?? undefined,
      }
    measureHead()
    for (const worker of state.workers) keepWorker(worker)
  }
  measureHead()

  return {
    /** Takes in one exchange of the target; returns whether the recording changed. */
    observe({ matched, status, requestJson, responseJson, mask }: RecordedExchange): boolean {
      // Only what the target confirmed is kept, and of it only what a scenario seeds, masked here
      // before it is kept (most exchanges of a contract run are refusals: nothing to mask).
      if (status < 200 || status >= 300) return false
      if (matched.operationId === 'updateLlmProvider') {
        const { orgId: org = '', llmProviderId = '' } = matched.params
        const sent = objectOr(requestJson) ?? {}
        const picked = maskedStrings(pick(sent, SEEDED_PROVIDER_FIELDS), mask, 1)
        const fields = SeedLlmProviderFields.safeParse(
          JSON.stringify(picked).length > MAX_RECORDED_CHARS ? {} : picked,
        )
        const answered = objectOr(objectOr(responseJson)?.['llmProvider']) ?? {}
        orgId = org
        const kept = provider?.id === llmProviderId ? provider : undefined
        const sentKey = sent['apiKey']
        // A PATCH: what it does not send stays as the last update left it; an empty key removes it.
        const hasApiKey =
          typeof answered['hasApiKey'] === 'boolean'
            ? answered['hasApiKey']
            : typeof sentKey === 'string'
              ? sentKey !== ''
              : kept?.hasApiKey === true
        provider = {
          id: llmProviderId,
          fields: { ...kept?.fields, ...(fields.success ? fields.data : {}) },
          hasApiKey,
          // Only what the target showed; a new key sent makes the old hint wrong.
          // Read before masking (a masked `apiKey` is a secret's field); four characters at most.
          lastFour:
            keyLastFourOf(responseJson) ?? (sentKey === undefined ? kept?.lastFour : undefined),
        }
        measureHead()
        keepWithinBound()
      } else keepWorker(maskedStrings(objectOr(responseJson)?.['worker'], mask, 1))
      return true
    },
    /** The recording as a scenario, valid by the mock's own schema. */
    scenario: (): ScenarioInput => scenarioOf(),
    /**
     * The recording as its file's text, at most the bytes `mock --scenario` reads: were the
     * estimate short, the oldest workers go until it fits.
     */
    text(): string {
      for (let i = 0; i <= MAX_RECORDED_WORKERS + 1; i++) {
        const text = `${JSON.stringify(scenarioOf(), null, 2)}\n`
        if (utf8Length(text) <= MAX_RECORDING_BYTES || workers.size === 0) return text
        dropOldest()
      }
      return `${JSON.stringify(scenarioOf(), null, 2)}\n`
    },
    /** How many workers the recording holds. */
    workers: () => workers.size,
    /** How many workers were dropped past the bound (the oldest first). */
    dropped: () => dropped,
  }
}
export type Recording = ReturnType<typeof createRecording>
