import { z } from '@hono/zod-openapi'
import { ID_PREFIX } from '../schemas/ids.js'
import { LlmProviderEnvelope, type UpdateLlmProviderBody } from '../schemas/llm-provider.js'
import type { Problem } from '../schemas/problem.js'
import {
  CreateWorkerBody,
  CreateWorkerResponse,
  type Destination,
  type MockWorkerStatus,
  WorkerEnvelope,
} from '../schemas/worker.js'
import { DEFAULT_SEED, SERVER_PROBLEMS } from '../server/index.js'
import { buildTokens, buildWorkerRecord, mergeLlmProvider, toMockLlmProvider } from './factories.js'
import { type FixtureProblemKind, Fixtures } from './fixture-files.js'
import { newId } from './internal/new-id.js'
import { toProblemErrors } from './internal/problem-errors.js'
import type { MockAppOptions } from './mock-app-options.js'
import { MOCK_PROBLEMS } from './problems.js'
import { BASELINE_SCENARIO } from './scenario.js'
import { createSession, type Session } from './session.js'
import { toWorkerView } from './worker-view.js'

/** The seed the fixtures are made with: the mock's default, so their ids are the ones it serves. */
export const FIXTURE_SEED = DEFAULT_SEED

/** The fixed time the fixtures are made at (no wall clock): 2026-01-02T09:30:00.000Z. */
export const FIXTURE_CLOCK_MS = Date.UTC(2026, 0, 2, 9, 30)

/**
 * The mock whose answers the fixtures are: `createMockApp(FIXTURE_APP_OPTIONS)`. The baseline
 * scenario (no seeded workers), so its first requests are the fixtures' requests.
 */
export const FIXTURE_APP_OPTIONS = {
  seed: FIXTURE_SEED,
  clock: () => FIXTURE_CLOCK_MS,
  scenario: BASELINE_SCENARIO,
} satisfies MockAppOptions

/**
 * The requests whose answers the fixtures are, in the order the fixtures make them. Replayed
 * against `createMockApp(FIXTURE_APP_OPTIONS)`, the mock gives the same payloads
 * (test/mock/fixtures.test.ts). The API key is a placeholder, never a real key.
 */
export const FIXTURE_INPUTS = {
  createWorkerLocal: { name: 'storybook preview', destination: 'local' },
  createWorkerCloud: { name: 'nightly evals', destination: 'cloud' },
  llmProviderModelsDev: { source: 'models_dev' },
  llmProviderCustom: {
    source: 'custom',
    providerId: 'acme-gateway',
    modelIds: ['acme-coder-large', 'acme-coder-small'],
    customConfigText: '{"baseUrl":"https://llm.acme.example/v1","api":"openai-compatible"}',
    apiKey: 'placeholder-not-a-real-key-1234',
  },
  /** Breaks two rules of the create body: an empty name and an unknown destination. */
  invalidCreateWorker: { name: '', destination: 'moon' },
  unsupportedContentType: 'text/plain',
  /** The scenario rule behind the `rate-limited` problem. */
  rateLimit: { limit: 10, windowMs: 60_000 },
  /** A Host header of a DNS-rebinding page, behind the `forbidden` problem. */
  foreignHost: 'rebind.attacker.example:4010',
} satisfies {
  createWorkerLocal: CreateWorkerBody
  createWorkerCloud: CreateWorkerBody
  llmProviderModelsDev: UpdateLlmProviderBody
  llmProviderCustom: UpdateLlmProviderBody
  invalidCreateWorker: unknown
  unsupportedContentType: string
  rateLimit: { limit: number; windowMs: number }
  foreignHost: string
}

/**
 * Where a worker in each status is plausible. A status the lifecycle reaches is shown at the age
 * it reaches it (with the timestamps the mock moves); the others are pinned, as a scenario pins.
 */
const WORKER_DESTINATION = {
  pending: 'local',
  provisioning: 'cloud',
  starting: 'cloud',
  running: 'local',
  stopped: 'local',
  failed: 'cloud',
} as const satisfies Record<MockWorkerStatus, Destination>

/** How long ago a pinned worker was created. */
const PINNED_AGE_MS = 60 * 60 * 1000

/** A value parsed by its schema; a fixture that breaks one is a bug of the kit, so it throws. */
const checked = <T>(schema: z.ZodType<T>, value: unknown, name: string): T => {
  const result = schema.safeParse(value)
  if (!result.success) {
    throw new Error(
      `[worker-api-kit] bug: fixture ${name} breaks its schema: ${z.prettifyError(result.error)}`,
    )
  }
  return result.data
}

/** What `POST /v1/workers` answers (spec §4.2), built the way the mock's handler builds it. */
const created = (session: Session, now: number, body: CreateWorkerBody) => {
  const record = buildWorkerRecord({ faker: session.faker, random: session.random, now }, body, {
    orgId: session.orgId,
    userId: session.userId,
  })
  const view = toWorkerView(record, { userId: session.userId, now, lifecycle: session.lifecycle })
  const tokens = buildTokens(session.random)
  return { worker: view.worker, tokens, instance: view.instance, launch: record.launch }
}

/** What `updateWorker` answers for a worker in `status` at `now`. */
const workerIn = (session: Session, now: number, status: MockWorkerStatus) => {
  const destination = WORKER_DESTINATION[status]
  const step = session.lifecycle[destination].find((s) => s.status === status)
  const createdAt = now - (step ? step.afterMs : PINNED_AGE_MS)
  const record = buildWorkerRecord(
    { faker: session.faker, random: session.random, now: createdAt },
    { name: `${session.faker.word.adjective()} ${session.faker.word.noun()}`, destination },
    { orgId: session.orgId, userId: session.userId },
  )
  const stored = step ? record : { ...record, pinnedStatus: status }
  return {
    worker: toWorkerView(stored, { userId: session.userId, now, lifecycle: session.lifecycle })
      .worker,
  }
}

/** What `updateLlmProvider` answers for `body` (spec §4.1): the seeded provider, merged. */
const updatedProvider = (session: Session, now: number, body: UpdateLlmProviderBody) => {
  const record = session.store.llmProviders.get(session.llmProviderId)
  if (!record) throw new Error('[worker-api-kit] bug: the session has no seeded LLM provider')
  return { llmProvider: toMockLlmProvider(mergeLlmProvider(record, body, now)) }
}

/** One problem body per kind the mock answers, worded by the mock's own catalogue. */
const problemsOf = (unknownWorkerId: string): Record<FixtureProblemKind, Problem> => {
  const workers = '/v1/workers'
  const at = (path: string, problem: Problem): Problem => ({ ...problem, instance: path })
  const invalid = CreateWorkerBody.safeParse(FIXTURE_INPUTS.invalidCreateWorker)
  const { limit, windowMs } = FIXTURE_INPUTS.rateLimit
  return {
    validation: at(
      workers,
      MOCK_PROBLEMS.validation(toProblemErrors('json', invalid.error?.issues ?? [])),
    ),
    'malformed-json': at(workers, SERVER_PROBLEMS.malformedJson()),
    unauthorized: at(workers, MOCK_PROBLEMS.unauthorized()),
    forbidden: at(workers, SERVER_PROBLEMS.foreignHost(FIXTURE_INPUTS.foreignHost)),
    'not-found': at(`${workers}/${unknownWorkerId}`, MOCK_PROBLEMS.workerNotFound(unknownWorkerId)),
    'method-not-allowed': at(workers, SERVER_PROBLEMS.methodNotAllowed('GET', workers, ['POST'])),
    // The admin API's only: a worker added twice (POST /__mock/state/workers).
    conflict: at('/__mock/state/workers', MOCK_PROBLEMS.duplicateWorker(unknownWorkerId)),
    'payload-too-large': at(workers, SERVER_PROBLEMS.payloadTooLarge()),
    'unsupported-media-type': at(
      workers,
      SERVER_PROBLEMS.unsupportedMediaType(FIXTURE_INPUTS.unsupportedContentType),
    ),
    // The request past the limit, all at one fixed time: the window ends windowMs from now.
    'rate-limited': at(
      workers,
      MOCK_PROBLEMS.rateLimited(limit, windowMs, Math.ceil(windowMs / 1000)),
    ),
    scenario: at(workers, MOCK_PROBLEMS.scenario(503)),
  }
}

/**
 * The fixtures: deterministic payloads of every kind the mock answers, from a fixed seed and a
 * fixed time, each parsed by its `Mock*` schema and by the spec's schema (a failure is a bug).
 * `worker-api-kit fixtures` writes them to `fixtures/`.
 */
export const buildFixtures = (): Fixtures => {
  const now = FIXTURE_CLOCK_MS
  const { seed, scenario } = FIXTURE_APP_OPTIONS
  const session = createSession({ seed, scenario, now })
  // The order of the requests in FIXTURE_INPUTS: the seeded generators advance the same way.
  const createWorkerLocal = created(session, now, FIXTURE_INPUTS.createWorkerLocal)
  const createWorkerCloud = created(session, now, FIXTURE_INPUTS.createWorkerCloud)
  const llmProviderModelsDev = updatedProvider(session, now, FIXTURE_INPUTS.llmProviderModelsDev)
  const llmProviderCustom = updatedProvider(session, now, {
    ...FIXTURE_INPUTS.llmProviderCustom,
    memberIds: [
      newId(ID_PREFIX.member, session.random, now),
      newId(ID_PREFIX.member, session.random, now),
    ],
    teamIds: [newId(ID_PREFIX.team, session.random, now)],
  })
  const workers = {
    pending: workerIn(session, now, 'pending'),
    provisioning: workerIn(session, now, 'provisioning'),
    starting: workerIn(session, now, 'starting'),
    running: workerIn(session, now, 'running'),
    stopped: workerIn(session, now, 'stopped'),
    failed: workerIn(session, now, 'failed'),
  } satisfies Record<MockWorkerStatus, unknown>
  const problems = problemsOf(newId(ID_PREFIX.worker, session.random, now))

  const fixtures = checked(
    Fixtures,
    {
      createWorkerLocal,
      createWorkerCloud,
      workers,
      llmProviderModelsDev,
      llmProviderCustom,
      problems,
    },
    'set',
  )
  // The spec's schemas too: a fixture must be a valid answer of the API, not only of the mock.
  checked(CreateWorkerResponse, fixtures.createWorkerLocal, 'createWorkerLocal')
  checked(CreateWorkerResponse, fixtures.createWorkerCloud, 'createWorkerCloud')
  for (const [status, envelope] of Object.entries(fixtures.workers)) {
    checked(WorkerEnvelope, envelope, `workers.${status}`)
  }
  checked(LlmProviderEnvelope, fixtures.llmProviderModelsDev, 'llmProviderModelsDev')
  checked(LlmProviderEnvelope, fixtures.llmProviderCustom, 'llmProviderCustom')
  return fixtures
}
