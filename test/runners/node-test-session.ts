// Run by test/mock/use-test-session.test.ts with `node --import tsx --test`: useTestSession under
// node:test, its beforeEach passed in. The second test sees the first one's worker gone.
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
