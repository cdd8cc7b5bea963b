import type { Faker } from '@faker-js/faker'
import { ID_PREFIX } from '../schemas/ids.js'
import { buildLlmProviderRecord } from './factories.js'
import { createFaker } from './internal/create-faker.js'
import { newId } from './internal/new-id.js'
import { createRandom, type Random } from './internal/random.js'
import { createStore, DEFAULT_STORE_LIMITS, type Store, type StoreLimits } from './store.js'

/**
 * Seeded entities take their UUIDv7 time from this fixed instant, not the clock, so the ids the
 * mock prints at start-up are the same on every start with the same seed.
 */
const SEED_EPOCH_MS = Date.UTC(2026, 0, 1)

export const DEFAULT_SEED = 1

export type Session = {
  readonly seed: number
  readonly faker: Faker
  readonly random: Random
  readonly store: Store
  /** The organization seeded at start, and its LLM provider. */
  readonly orgId: string
  readonly llmProviderId: string
  /** The user the mock acts for when no token says otherwise. */
  readonly userId: string
}

export type SessionOptions = { seed?: number; limits?: StoreLimits }

/** The ids a session with this seed starts with, without building the session. */
export const seededIds = (seed: number = DEFAULT_SEED) => {
  const random = createRandom(seed)
  return {
    random,
    orgId: newId(ID_PREFIX.org, random, SEED_EPOCH_MS),
    llmProviderId: newId(ID_PREFIX.llmProvider, random, SEED_EPOCH_MS),
    userId: newId('usr', random, SEED_EPOCH_MS),
  }
}

/** One isolated state: its own seeded generators and store, seeded with one org and one provider. */
export const createSession = ({
  seed = DEFAULT_SEED,
  limits = DEFAULT_STORE_LIMITS,
}: SessionOptions = {}): Session => {
  const { random, orgId, llmProviderId, userId } = seededIds(seed)
  const faker = createFaker(seed, SEED_EPOCH_MS)
  const store = createStore(limits)
  store.orgs.set(orgId, { id: orgId, name: faker.company.name() })
  store.llmProviders.set(
    llmProviderId,
    buildLlmProviderRecord({ faker, now: SEED_EPOCH_MS }, { id: llmProviderId, orgId }),
  )
  return { seed, faker, random, store, orgId, llmProviderId, userId }
}
