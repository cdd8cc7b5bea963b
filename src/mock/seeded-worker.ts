import { buildWorkerRecord } from './factories.js'
import type { MockFaker } from './internal/create-faker.js'
import type { Random } from './internal/random.js'
import { type Lifecycle, MAX_AGE_MS, stepAt } from './lifecycle.js'
import { withSeededStatus } from './recorded-seed.js'
import type { SeedWorker } from './scenario.js'
import type { WorkerRecord } from './store.js'

/** A seed's creation time: its `createdAt` (a recorded date) or its `ageMs`, the latter default. */
type SeededAge = Partial<Pick<SeedWorker, 'createdAt'>> & Pick<SeedWorker, 'ageMs'>

/**
 * A seeded worker's age at `now`: from its `createdAt` when given (a recorded date), clamped to
 * [0, MAX_AGE_MS] so a date in the future or from 1970 still builds; else its `ageMs`.
 */
export const ageOf = (seed: SeededAge, now: number) =>
  seed.createdAt === undefined
    ? seed.ageMs
    : Math.min(MAX_AGE_MS, Math.max(0, now - Date.parse(seed.createdAt)))

/** Where a seeded worker's generated parts come from, who owns it, and the time it is seeded at. */
export type SeedingContext = {
  readonly faker: MockFaker
  readonly random: Random
  readonly lifecycle: Lifecycle
  readonly orgId: string
  readonly userId: string
  readonly now: number
}

/**
 * A stored worker for a seed (a scenario's, or one `POST /__mock/state/workers` adds): what the
 * seed gives, faker for the rest, created `ageMs` (or at `createdAt`) before `now`, its status
 * pinned or carried on from a recorded one.
 */
export const buildSeededWorker = (
  { faker, random, lifecycle, orgId, userId, now }: SeedingContext,
  seed: SeedWorker,
): WorkerRecord => {
  const createdAt = now - ageOf(seed, now)
  const { status, recordedStatus, ageMs: _age, createdAt: _at, id, ...rest } = seed
  const { destination, name, ...optional } = rest
  const record = buildWorkerRecord(
    { faker, random, now: createdAt, id },
    { destination, name: name ?? `${faker.word.adjective()} ${faker.word.noun()}`, ...optional },
    { orgId, userId },
    stepAt(lifecycle, destination, 0),
  )
  return withSeededStatus(record, lifecycle, { status, recordedStatus })
}
