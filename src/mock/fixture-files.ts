import { z } from '@hono/zod-openapi'
import type { ProblemKind } from '../api/problem-kinds.js'
import { MockLlmProviderEnvelope } from '../schemas/llm-provider.js'
import { Problem, ProblemError } from '../schemas/problem.js'
import {
  MockCreateWorkerResponse,
  MockWorkerEnvelope,
  MockWorkerStatus,
} from '../schemas/worker.js'

// Light on purpose: `worker-api-kit/fixtures` reads the committed files through this module, so
// it imports schemas only (no faker, no app).

/** The problem kinds that have a fixture: every kind the mock answers (not its own bugs). */
const FIXTURE_PROBLEM_KINDS = [
  'validation',
  'malformed-json',
  'unauthorized',
  'forbidden',
  'not-found',
  'method-not-allowed',
  'conflict',
  'payload-too-large',
  'unsupported-media-type',
  'rate-limited',
  'scenario',
] as const satisfies readonly Exclude<ProblemKind, 'internal-error'>[]
export const FixtureProblemKind = z.enum(FIXTURE_PROBLEM_KINDS)
export type FixtureProblemKind = z.infer<typeof FixtureProblemKind>

/** Every fixture, by name, with the schema it is parsed with. */
export const Fixtures = z.object({
  createWorkerLocal: MockCreateWorkerResponse,
  createWorkerCloud: MockCreateWorkerResponse,
  /** One worker in each status (`updateWorker` answers), with a destination where it is plausible. */
  workers: z.record(MockWorkerStatus, MockWorkerEnvelope),
  llmProviderModelsDev: MockLlmProviderEnvelope,
  llmProviderCustom: MockLlmProviderEnvelope,
  // The validation problem always names its fields: typed so, `problems.validation.errors[0]`
  // compiles under strict TS (docs/library.md#fixtures).
  problems: z
    .record(FixtureProblemKind, Problem)
    .and(
      z.object({ validation: Problem.extend({ errors: z.tuple([ProblemError], ProblemError) }) }),
    ),
})
export type Fixtures = z.infer<typeof Fixtures>

/** `fixtures/index.json`: how the files were made, and which files there are. */
export const FixturesManifest = z.object({
  seed: z.int().min(0),
  /** The fixed time they were made at: `createMockApp({ seed, clock: () => Date.parse(clock) })`. */
  clock: z.iso.datetime({ precision: 3 }),
  files: z.array(z.string()),
})
export type FixturesManifest = z.infer<typeof FixturesManifest>

export const FIXTURES_MANIFEST_FILE = 'index.json'

/** Where each fixture lives under `fixtures/`: a file, or a folder with one file per key. */
const LAYOUT = {
  createWorkerLocal: { file: 'create-worker-local.json' },
  createWorkerCloud: { file: 'create-worker-cloud.json' },
  workers: { folder: 'workers', keys: MockWorkerStatus.options },
  llmProviderModelsDev: { file: 'llm-provider-models-dev.json' },
  llmProviderCustom: { file: 'llm-provider-custom.json' },
  problems: { folder: 'problems', keys: FIXTURE_PROBLEM_KINDS },
} as const satisfies Record<
  keyof Fixtures,
  { file: string } | { folder: string; keys: readonly string[] }
>

/** The folders of the layout: everything in them is a fixture (or a stale one). */
export const FIXTURE_FOLDERS = Object.values(LAYOUT).flatMap((place) =>
  'folder' in place ? [place.folder] : [],
)

/** Each fixture as a file: its path under `fixtures/` and its payload, in a stable order. */
export const fixtureFiles = (fixtures: Fixtures): { path: string; value: unknown }[] =>
  Object.entries(LAYOUT).flatMap(([name, place]) => {
    const value: unknown = Reflect.get(fixtures, name)
    if ('file' in place) return [{ path: place.file, value }]
    const group = new Map(Object.entries(value ?? {}))
    return place.keys.map((key) => ({ path: `${place.folder}/${key}.json`, value: group.get(key) }))
  })

/** The fixtures from their files, parsed: `read(path)` gives the JSON of a path under `fixtures/`. */
export const readFixtures = (read: (path: string) => unknown): Fixtures =>
  Fixtures.parse(
    Object.fromEntries(
      Object.entries(LAYOUT).map(([name, place]) => [
        name,
        'file' in place
          ? read(place.file)
          : Object.fromEntries(place.keys.map((key) => [key, read(`${place.folder}/${key}.json`)])),
      ]),
    ),
  )
