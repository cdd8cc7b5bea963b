// Run by test/mock/use-test-session.test.ts with `node --import tsx --test`: useTestSession under
// node:test, its beforeEach passed in. The second test sees the first one's worker gone; the third
// scripts answers with once and use.
import assert from 'node:assert/strict'
import { beforeEach, it } from 'node:test'
import { createMockApp } from '../../src/mock/app.js'
import { useTestSession } from '../../src/mock/test-session.js'

const session = useTestSession(createMockApp(), { beforeEach })

it('creates a worker in its session', async () => {
  await session.seed({ workers: [] })
  const res = await session.fetch('/v1/workers', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'node-test', destination: 'local' }),
  })
  assert.equal(res.status, 201)
  assert.equal((await session.state()).workers.length, 1)
})

it('starts the next test from the scenario again', async () => {
  const names = (await session.state()).workers.map(({ worker }) => worker.name)
  assert.ok(!names.includes('node-test'), `the session was not reset: ${names.join(', ')}`)
  assert.equal((await session.requests()).length, 0)
})

it('scripts the next rename with session.once, and a reset clears what it scripted', async () => {
  const created = await session.fetch('/v1/workers', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'node-test', destination: 'local' }),
  })
  const { worker } = (await created.json()) as { worker: { id: string } }
  await session.once({ match: { operation: 'updateWorker' }, problem: { status: 409 } })
  await session.use({ match: { operation: 'createWorker' }, respond: { status: 503 } })
  const rename = () =>
    session.fetch(`/v1/workers/${worker.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'renamed' }),
    })
  assert.equal((await rename()).status, 409)
  assert.equal((await rename()).status, 200)
  await session.reset()
  const again = await session.fetch('/v1/workers', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'after reset', destination: 'local' }),
  })
  assert.equal(again.status, 201)
})
