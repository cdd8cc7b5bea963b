// Jest (ts-jest, CommonJS too): its global beforeEach is found
import { expect, it } from '@jest/globals'
import { createMockApp, useTestSession } from 'worker-api-kit'

const session = useTestSession(createMockApp())

it('creates a worker', async () => {
  const res = await session.fetch('/v1/workers', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'jest worker', destination: 'local' }),
  })
  expect(res.status).toBe(201)
  expect((await session.state()).workers.at(-1)?.worker.name).toBe('jest worker')
})

it('starts the next test from the scenario again', async () => {
  const names = (await session.state()).workers.map(({ worker }) => worker.name)
  expect(names).not.toContain('jest worker')
})

it('shows the answer a test scripted for the next create', async () => {
  await session.once({ match: { operation: 'createWorker' }, problem: { status: 409 } })
  const create = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }
  expect((await session.fetch('/v1/workers', create)).status).toBe(409)
})
