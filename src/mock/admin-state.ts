import type { Context } from 'hono'
import { WorkerId } from '../schemas/ids.js'
import { answerProblem, invalid } from '../server/index.js'
import { readAdminBody } from './admin-body.js'
import type { MockEnv } from './env.js'
import { mergeLlmProvider } from './factories.js'
import { patchedWorker } from './patched-worker.js'
import { MOCK_PROBLEMS } from './problems.js'
import { SeedWorker } from './scenario.js'
import { buildSeededWorker, type SeedingContext } from './seeded-worker.js'
import { LlmProviderPatch, WorkerPatch } from './state-edits.js'
import { shownLlmProvider, shownWorker } from './state-of.js'
import type { WorkerRecord } from './store.js'

/** The worker id of the path, checked as the API checks one, or the 400 naming `/params/id`. */
const workerIdOf = (c: Context<MockEnv>): { id: string } | { problem: Response } => {
  const parsed = WorkerId.safeParse(c.req.param('id'))
  return parsed.success
    ? { id: parsed.data }
    : { problem: invalid(c, '/params/id', parsed.error.issues[0]?.message ?? 'invalid') }
}

/** What a seeded or patched worker draws from: the session's faker and ids, its lifecycle. */
const seedingOf = (c: Context<MockEnv>): SeedingContext => {
  const { session, now } = c.var
  const { faker, random, lifecycle, orgId, userId } = session
  return { faker, random, lifecycle, orgId, userId, now }
}

/**
 * Builds a worker from the session's generators and puts it in its store if it fits its bounds
 * without dropping another, answering it as the state shows it. Past the bounds, a 409 problem,
 * and the generators go back to where they were: a refused edit changes nothing, not even what
 * the session draws next (docs/admin-api.md#editing-state-and-rules).
 */
const put = (
  c: Context<MockEnv>,
  build: (seeding: SeedingContext) => WorkerRecord,
  status: 200 | 201,
) => {
  const { session, now } = c.var
  const { store, faker, random } = session
  const drawn = { faker: faker.save(), random: random.save() }
  const record = build(seedingOf(c))
  if (!store.fits(record)) {
    faker.load(drawn.faker)
    random.load(drawn.random)
    return answerProblem(c, MOCK_PROBLEMS.stateFull(store.limits.maxWorkers, store.limits.maxBytes))
  }
  store.putWorker(record)
  return c.json(shownWorker(session, record, now), status)
}

// The state edits of `/__mock/state` (their routes: admin-state-routes.ts): add, patch and delete
// a session's workers, patch its LLM provider. Edits keep the journal and drop nothing to make room
// (docs/admin-api.md).

/** `POST /__mock/state/workers`. */
export const addWorker = async (c: Context<MockEnv>) => {
  const body = await readAdminBody(c, SeedWorker)
  if (!body.ok) return body.problem
  const { store } = c.var.session
  if (body.data.id !== undefined && store.workers.has(body.data.id))
    return answerProblem(c, MOCK_PROBLEMS.duplicateWorker(body.data.id))
  return put(c, (seeding) => buildSeededWorker(seeding, body.data), 201)
}

/** `PATCH /__mock/state/workers/:id`. */
export const patchWorker = async (c: Context<MockEnv>) => {
  const param = workerIdOf(c)
  if ('problem' in param) return param.problem
  const { id } = param
  const record = c.var.session.store.workers.get(id)
  if (!record) return answerProblem(c, MOCK_PROBLEMS.workerNotFound(id))
  const body = await readAdminBody(c, WorkerPatch)
  if (!body.ok) return body.problem
  return put(c, (seeding) => patchedWorker(record, body.data, seeding), 200)
}

/** `DELETE /__mock/state/workers/:id`. */
export const deleteWorker = (c: Context<MockEnv>) => {
  const param = workerIdOf(c)
  if ('problem' in param) return param.problem
  const { id } = param
  if (!c.var.session.store.deleteWorker(id))
    return answerProblem(c, MOCK_PROBLEMS.workerNotFound(id))
  return c.body(null, 204)
}

/** `PATCH /__mock/state/llm-provider`. */
export const patchLlmProvider = async (c: Context<MockEnv>) => {
  const body = await readAdminBody(c, LlmProviderPatch)
  if (!body.ok) return body.problem
  const { session, now } = c.var
  const record = session.store.llmProviders.get(session.llmProviderId)
  if (!record)
    return answerProblem(c, MOCK_PROBLEMS.llmProviderNotFound(session.orgId, session.llmProviderId))
  const { apiKey, source = record.source, ...fields } = body.data
  if (apiKey) {
    // Masked from now on wherever the session's journal or state repeats it.
    session.secrets.learn([apiKey])
  }
  const updated = mergeLlmProvider(
    record,
    { ...fields, source, ...(apiKey === undefined ? {} : { apiKey }) },
    now,
  )
  session.store.llmProviders.set(updated.id, updated)
  return c.json(shownLlmProvider(session, updated))
}
