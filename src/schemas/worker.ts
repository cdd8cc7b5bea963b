import { z } from 'zod'
import { DESTINATIONS, MOCK_WORKER_STATUSES } from './choices.js'
import { DateTime, MockDateTime } from './date-time.js'
import { OrgTypeId, WorkerTypeId } from './ids.js'

/** spec §4.2: the two destinations a worker can have. */
export const Destination = z.enum(DESTINATIONS).meta({ id: 'Destination' })
export type Destination = z.infer<typeof Destination>

/** spec §2.2. Extra fields are tolerated (a plain object strips, it does not reject). */
export const Worker = z
  .object({
    id: WorkerTypeId, // spec §2.1: a TypeID, read to its full grammar in an answer
    orgId: OrgTypeId,
    createdByUserId: z.string(),
    isMine: z.boolean(),
    name: z.string(),
    description: z.string(),
    destination: Destination,
    status: z.string(), // spec §2.2: allowed values not shown
    imageVersion: z.string(),
    workspacePath: z.string(),
    sandboxBackend: z.string(),
    lastHeartbeatAt: DateTime,
    lastActiveAt: DateTime,
    createdAt: DateTime,
    updatedAt: DateTime,
  })
  .meta({ id: 'Worker' })
export type Worker = z.infer<typeof Worker>

/** spec §2.3: three access tokens. */
export const Tokens = z
  .object({ owner: z.string(), host: z.string(), client: z.string() })
  .meta({ id: 'Tokens' })
export type Tokens = z.infer<typeof Tokens>

/**
 * The mock's own tokens (the spec leaves their form open): a prefix naming the token's role, then
 * 24 random bytes in base64url, 32 characters. A credential by its shape: the secrets' masker
 * masks one wherever it stands, with nothing to learn (src/secrets/book.ts).
 */
export const MOCK_TOKEN_PREFIXES = { owner: 'wko_', host: 'wkh_', client: 'wkc_' } as const
/** Characters after a mock token's prefix: 24 bytes in base64url, no padding. */
export const MOCK_TOKEN_CHARACTERS = 32
/** A mock token's shape as a regular expression's source, unanchored (found inside a text). */
export const MOCK_TOKEN_SOURCE = `(?:${Object.values(MOCK_TOKEN_PREFIXES).join('|')})[A-Za-z0-9_-]{${MOCK_TOKEN_CHARACTERS}}`

/** spec §2.4 */
export const Instance = z
  .object({
    provider: z.string(),
    region: z.string(),
    url: z.string(),
    status: z.string(),
    createdAt: DateTime,
    updatedAt: DateTime,
  })
  .meta({ id: 'Instance' })
export type Instance = z.infer<typeof Instance>

/** spec §2.5 */
export const Launch = z.object({ mode: z.string(), pollAfterMs: z.int() }).meta({ id: 'Launch' })
export type Launch = z.infer<typeof Launch>

/** spec §4.2 request body. */
export const CreateWorkerBody = z
  .object({
    name: z.string().min(1), // spec §4.2, §8
    destination: Destination,
    description: z.string().optional(),
    workspacePath: z.string().optional(),
    sandboxBackend: z.string().optional(),
    imageVersion: z.string().optional(),
  })
  .meta({ id: 'CreateWorkerBody' })
export type CreateWorkerBody = z.infer<typeof CreateWorkerBody>

/** spec §4.3 request body. */
export const UpdateWorkerBody = z
  .object({
    name: z.string().min(1).max(255), // spec §4.3, §8
  })
  .meta({ id: 'UpdateWorkerBody' })
export type UpdateWorkerBody = z.infer<typeof UpdateWorkerBody>

/** spec §4.2 response body: four required keys. */
export const CreateWorkerResponse = z
  .object({ worker: Worker, tokens: Tokens, instance: Instance, launch: Launch })
  .meta({ id: 'CreateWorkerResponse' })
export type CreateWorkerResponse = z.infer<typeof CreateWorkerResponse>

/** spec §4.3 response body. */
export const WorkerEnvelope = z.object({ worker: Worker }).meta({ id: 'WorkerEnvelope' })
export type WorkerEnvelope = z.infer<typeof WorkerEnvelope>

// ---- The mock's own choices where the spec is silent (principle 6). assumption: see docs/limits.md#assumptions

/** Worker statuses the mock uses (spec §2.2: allowed values not shown). */
export const MockWorkerStatus = z.enum(MOCK_WORKER_STATUSES).meta({ id: 'MockWorkerStatus' })
export type MockWorkerStatus = z.infer<typeof MockWorkerStatus>

/** Instance statuses the mock uses (spec §3: transitions not shown). */
export const MockInstanceStatus = z
  .enum(['pending', 'provisioning', 'running', 'stopped', 'failed'])
  .meta({ id: 'MockInstanceStatus' })
export type MockInstanceStatus = z.infer<typeof MockInstanceStatus>

/** Launch modes the mock uses: the user runs a command (local) or polls a managed machine (cloud). */
export const MockLaunchMode = z.enum(['cli', 'managed']).meta({ id: 'MockLaunchMode' })
export type MockLaunchMode = z.infer<typeof MockLaunchMode>

/** The worker as the mock writes it: the spec's shape with our statuses and UTC millisecond times. */
export const MockWorker = Worker.extend({
  status: MockWorkerStatus,
  lastHeartbeatAt: MockDateTime,
  lastActiveAt: MockDateTime,
  createdAt: MockDateTime,
  updatedAt: MockDateTime,
}).meta({ id: 'MockWorker' })
export type MockWorker = z.infer<typeof MockWorker>

export const MockInstance = Instance.extend({
  status: MockInstanceStatus,
  createdAt: MockDateTime,
  updatedAt: MockDateTime,
}).meta({ id: 'MockInstance' })
export type MockInstance = z.infer<typeof MockInstance>

export const MockLaunch = Launch.extend({
  mode: MockLaunchMode,
  pollAfterMs: z.int().positive(),
}).meta({ id: 'MockLaunch' })
export type MockLaunch = z.infer<typeof MockLaunch>

export const MockCreateWorkerResponse = CreateWorkerResponse.extend({
  worker: MockWorker,
  instance: MockInstance,
  launch: MockLaunch,
}).meta({ id: 'MockCreateWorkerResponse' })
export type MockCreateWorkerResponse = z.infer<typeof MockCreateWorkerResponse>

export const MockWorkerEnvelope = WorkerEnvelope.extend({ worker: MockWorker }).meta({
  id: 'MockWorkerEnvelope',
})
export type MockWorkerEnvelope = z.infer<typeof MockWorkerEnvelope>
