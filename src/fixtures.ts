/**
 * `worker-api-kit/fixtures`: the committed fixtures (`fixtures/*.json`) as typed, parsed and
 * frozen constants. Spread or `structuredClone` one to change it. On Node (and vitest with
 * jsdom); a bundler can import the JSON files instead: `worker-api-kit/fixtures/<path>.json`.
 */
import { createRequire } from 'node:module'
import {
  FIXTURES_MANIFEST_FILE,
  type Fixtures,
  FixturesManifest,
  readFixtures,
} from './mock/fixture-files.js'

export type { FixtureProblemKind, Fixtures, FixturesManifest } from './mock/fixture-files.js'

const require = createRequire(import.meta.url)

// By the package's own name (its `./fixtures/*.json` export): the same path from src/ under
// vitest and from dist/src/ once built or installed. require, not a JSON import: on Node 20 a
// JSON module prints an ExperimentalWarning.
const read = (path: string): unknown => require(`worker-api-kit/fixtures/${path}`)

const deepFreeze = <T>(value: T): T => {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner)
    Object.freeze(value)
  }
  return value
}

/** Every fixture; a file that breaks its schema throws here, at import. */
export const fixtures: Fixtures = deepFreeze(readFixtures(read))

/** How the fixtures were made: `createMockApp({ seed, clock: () => Date.parse(clock) })`. */
export const fixturesManifest: FixturesManifest = deepFreeze(
  FixturesManifest.parse(read(FIXTURES_MANIFEST_FILE)),
)

/** `POST /v1/workers` answers (201), for a local and a cloud worker. */
export const { createWorkerLocal, createWorkerCloud } = fixtures
/** `PATCH /v1/workers/{id}` answers (200), one per worker status. */
export const { workers } = fixtures
/** `PATCH /v1/orgs/{orgId}/llm-providers/{llmProviderId}` answers (200), one per source. */
export const { llmProviderModelsDev, llmProviderCustom } = fixtures
/** One problem+json body per kind of error the mock answers. */
export const { problems } = fixtures
