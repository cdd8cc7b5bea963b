import { ID_PREFIX, MOCK_ID_PREFIX } from '../schemas/ids.js'
import { createSecretBook, type SecretBook } from '../secrets/index.js'
import { DEFAULT_SEED } from '../server/index.js'
import { buildLlmProviderRecord, DEFAULT_API_KEY_LENGTH } from './factories.js'
import { createFaker, type MockFaker } from './internal/create-faker.js'
import { newId } from './internal/new-id.js'
import { createRandom, type Random } from './internal/random.js'
import { toBase64Url } from './internal/to-base64-url.js'
import { DEFAULT_LIFECYCLE, type Lifecycle } from './lifecycle.js'
import { standInKey } from './recorded-seed.js'
import type { RuntimeRule } from './runtime-rule.js'
import { EMPTY_STATE, type Scenario, type ScenarioState } from './scenario.js'
import { buildSeededWorker } from './seeded-worker.js'
import { createStore, DEFAULT_STORE_LIMITS, type Store, type StoreLimits } from './store.js'

/**
 * Seeded entities take their UUIDv7 time from this fixed instant, not the clock, so the ids the
 * mock prints at start-up are the same on every start with the same seed.
 */
const SEED_EPOCH_MS = Date.UTC(2026, 0, 1)

/** Per-rule memory of a session: how often each rule applied, and recent hits for rate limits. */
type RuleState = { applied: number[]; hits: number[][] }

export type Session = {
  /** The `x-mock-session` value; `''` for requests without one. */
  readonly id: string
  readonly scenario: Scenario
  readonly lifecycle: Lifecycle
  /** The seed of the session's data and faults: the scenario's own, else the mock's. */
  readonly seed: number
  readonly faker: MockFaker
  /** Ids and tokens of what the session creates: unique across the sessions of an app. */
  readonly random: Random
  /**
   * The draws of the scenario's rules (`probability`, latency ranges): from the seed alone, so
   * the same seed, scenario and requests meet the same faults in any session, whatever its name.
   */
  readonly draws: Random
  readonly store: Store
  /**
   * Secrets the session's requests carried (keys set, `Authorization` values): masked wherever they
   * come back in its journal entries and state.
   */
  readonly secrets: SecretBook
  readonly rules: RuleState
  /**
   * Rules added at run time (`POST /__mock/rules`), in the order added: they apply before the
   * scenario's. A behaviour switch keeps them; a reset starts without them.
   */
  readonly runtimeRules: RuntimeRule[]
  /** The organization seeded at start, and its LLM provider. */
  readonly orgId: string
  readonly llmProviderId: string
  /** The user the mock acts for when no token says otherwise. */
  readonly userId: string
}

export type SessionOptions = {
  id?: string
  /** The mock's seed: it fixes the organization, provider and user ids of every session. */
  seed?: number
  /**
   * Where the ids and tokens the session creates come from. Default: the seed's own sequence
   * (the default session's, which the fixtures and the printed ids stand on).
   */
  ids?: Random
  limits?: StoreLimits
  scenario: Scenario
  /** The data it starts with; default the scenario's own, else none. */
  state?: ScenarioState | undefined
  /** The time the session starts at (its seeded workers' ages count back from it). */
  now: number
  /**
   * The secrets it masks: the app's one book, which every session shares (a key given in one
   * session is masked in every other's journal, state and export). Default: a book of its own.
   */
  secrets?: SecretBook
}

/** FNV-1a (32 bit) of a label and a seed: the seed of one named stream drawn from a seed. */
export const streamSeed = (seed: number, label: string) => {
  const text = `${label}:${seed}`
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++)
    hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0
  return hash
}

/** No rule applied yet. */
const freshRules = (scenario: Scenario): RuleState => ({
  applied: scenario.rules.map(() => 0),
  hits: scenario.rules.map(() => []),
})

/**
 * The session under a scenario that declares no state (a behaviour): its data, ids and secrets
 * kept, the scenario's rules, lifecycle and draws from the start.
 */
export const withBehaviour = (session: Session, scenario: Scenario, seed: number): Session => {
  const sessionSeed = scenario.seed ?? seed
  return {
    ...session,
    scenario,
    lifecycle: scenario.lifecycle ?? DEFAULT_LIFECYCLE,
    seed: sessionSeed,
    draws: createRandom(streamSeed(sessionSeed, 'draws')),
    rules: freshRules(scenario),
  }
}

/** The ids a session with this seed starts with, without building the session. */
const seededIds = (seed: number = DEFAULT_SEED) => {
  const random = createRandom(seed)
  return {
    random,
    orgId: newId(ID_PREFIX.org, random, SEED_EPOCH_MS),
    llmProviderId: newId(ID_PREFIX.llmProvider, random, SEED_EPOCH_MS),
    userId: newId(MOCK_ID_PREFIX.user, random, SEED_EPOCH_MS),
  }
}

/** One isolated state, built from a scenario: the organization, its provider, seeded workers. */
export const createSession = ({
  id = '',
  seed = DEFAULT_SEED,
  ids,
  limits = DEFAULT_STORE_LIMITS,
  scenario,
  state = scenario.state ?? EMPTY_STATE,
  now,
  secrets = createSecretBook({ mockTokens: true }),
}: SessionOptions): Session => {
  const sessionSeed = scenario.seed ?? seed
  // The ids the mock printed hold in every session and scenario: a scenario's own seed seeds its
  // data and faults only (docs/scenarios.md#scenarios).
  const seeded = seededIds(seed)
  const { organization, llmProvider, workers } = state
  // A scenario recorded from real traffic names its own organization and provider; the seed's
  // ids are drawn all the same, so what follows them draws as before.
  const orgId = organization.id ?? seeded.orgId
  const llmProviderId = llmProvider.id ?? seeded.llmProviderId
  const { userId } = seeded
  // The scenario's state: the same in every session.
  const random = scenario.seed === undefined ? seeded.random : createRandom(scenario.seed)
  const faker = createFaker(sessionSeed)
  const store = createStore(limits)
  const lifecycle = scenario.lifecycle ?? DEFAULT_LIFECYCLE
  store.orgs.set(orgId, { id: orgId, name: organization.name ?? faker.company.name() })
  const provider = buildLlmProviderRecord(
    { faker, now: SEED_EPOCH_MS },
    { id: llmProviderId, orgId },
  )
  store.llmProviders.set(llmProviderId, {
    ...provider,
    source: llmProvider.source ?? provider.source,
    providerId: llmProvider.providerId ?? provider.providerId,
    modelIds: llmProvider.modelIds ?? provider.modelIds,
    customConfigText: llmProvider.customConfigText ?? provider.customConfigText,
    memberIds: llmProvider.memberIds ?? provider.memberIds,
    teamIds: llmProvider.teamIds ?? provider.teamIds,
    // A stand-in key, never returned; only its presence (and last four characters) show.
    apiKey: llmProvider.hasApiKey
      ? standInKey(toBase64Url(random.bytes(DEFAULT_API_KEY_LENGTH)), llmProvider.apiKeyLastFour)
      : null,
  })
  for (const seed of workers)
    store.putWorker(buildSeededWorker({ faker, random, lifecycle, orgId, userId, now }, seed))
  return {
    id,
    scenario,
    lifecycle,
    seed: sessionSeed,
    faker,
    random: ids ?? random,
    draws: createRandom(streamSeed(sessionSeed, 'draws')),
    store,
    secrets,
    rules: freshRules(scenario),
    runtimeRules: [],
    orgId,
    llmProviderId,
    userId,
  }
}
