import { describe, expect, it } from 'vitest'
import type { OperationId } from '../../src/api/operations.js'
import { createStateModel, KEPT_WORKER_FIELDS } from '../../src/contract/state-model.js'
import { aCase, anInput, aResponse } from '../helpers/exchanges.js'

const ID = 'wrk_01h2xcejqtf2nbrexx3vqjhp41'
const OTHER = 'wrk_01h2xcejqtf2nbrexx3vqjhp42'
const PROVIDER = {
  orgId: 'org_01h2xcejqtf2nbrexx3vqjhp41',
  llmProviderId: 'lpr_01h2xcejqtf2nbrexx3vqjhp41',
}
const workerOf = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  orgId: 'org_01h2xcejqtf2nbrexx3vqjhp41',
  destination: 'local',
  createdByUserId: 'usr_1',
  description: `described ${id}`,
  imageVersion: '1.0.0',
  workspacePath: '/w',
  sandboxBackend: 'docker',
  name: 'first',
  status: 'starting',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...extra,
})

/** A call of `operationId` answered `status` with `body`, as the model is taught it. */
const callOf = (
  operationId: OperationId,
  params: Record<string, string>,
  status: number,
  body: unknown,
  sent: unknown = {},
) => {
  const input = anInput(aCase({ operationId, body: { json: sent } }), aResponse(status, body))
  return { call: { operationId, params }, input: { ...input, params } }
}

describe('the state model', () => {
  it('holds each worker as its create answered it, and a rename to its new name, status and latest updatedAt', () => {
    const model = createStateModel()
    const created = callOf('createWorker', {}, 201, { worker: workerOf(ID) })
    model.learn(created.call, created.input)
    const renamed = callOf('updateWorker', { id: ID }, 200, {
      worker: workerOf(ID, {
        name: 'second',
        status: 'running',
        updatedAt: '2026-01-01T00:00:05Z',
      }),
    })
    model.learn(renamed.call, renamed.input)
    // A later rename answered an older updatedAt: the model keeps the latest one seen.
    const stale = callOf('updateWorker', { id: ID }, 200, {
      worker: workerOf(ID, { name: 'third', updatedAt: '2026-01-01T00:00:01Z' }),
    })
    model.learn(stale.call, stale.input)

    expect(
      model.earlierFor({ operationId: 'updateWorker', params: { id: ID } }).renamedWorker,
    ).toMatchObject({
      id: ID,
      name: 'third',
      status: 'starting',
      description: `described ${ID}`,
      updatedAt: '2026-01-01T00:00:05Z',
    })
  })

  it('holds a rename to the rules: a field a rename answered wrong is not what later calls are held to', () => {
    const model = createStateModel()
    const created = callOf('createWorker', {}, 201, { worker: workerOf(ID) })
    model.learn(created.call, created.input)
    const wrong = Object.fromEntries(KEPT_WORKER_FIELDS.map((name) => [name, `changed ${name}`]))
    const renamed = callOf('updateWorker', { id: ID }, 200, {
      worker: { ...workerOf(ID, wrong), createdAt: '2030-01-01T00:00:00Z' },
    })
    model.learn(renamed.call, renamed.input)

    expect(model.worker(ID)).toMatchObject({ ...workerOf(ID), name: 'first' })
  })

  it('changes nothing on a refused call, and keeps every worker through provider updates and other workers’ renames', () => {
    const model = createStateModel()
    for (const id of [ID, OTHER]) {
      const created = callOf('createWorker', {}, 201, { worker: workerOf(id) }, { name: id })
      model.learn(created.call, created.input)
    }
    const refused = callOf('updateWorker', { id: ID }, 409, {
      worker: workerOf(ID, { description: 'x' }),
    })
    model.learn(refused.call, refused.input)
    const provider = callOf('updateLlmProvider', PROVIDER, 200, { llmProvider: {} })
    model.learn(provider.call, provider.input)
    const other = callOf('updateWorker', { id: OTHER }, 200, {
      worker: workerOf(OTHER, { name: 'moved' }),
    })
    model.learn(other.call, other.input)

    expect(model.worker(ID)).toEqual(workerOf(ID))
    expect(model.confirms({ operationId: 'updateLlmProvider', params: PROVIDER })).toBe(true)
    expect(model.confirms({ operationId: 'updateWorker', params: { id: ID } })).toBe(true)
    expect(
      model.earlierFor({ operationId: 'createWorker', params: {} }).createdIds.get(OTHER),
    ).toBe(JSON.stringify({ name: OTHER }))
  })
})
