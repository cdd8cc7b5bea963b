import { z } from '@hono/zod-openapi'
import { afterEach, describe, expect, it } from 'vitest'
import { createMockApp } from '../../src/mock/app.js'
import { type MockServer, startMockServer } from '../../src/mock/server.js'
import { createTestSession, type TestSession } from '../../src/mock/test-session.js'
import { MockCreateWorkerResponse, MockWorkerEnvelope } from '../../src/schemas/worker.js'

/** Bound of every request to a real server: a hang fails the test instead of stalling it. */
const WAIT_MS = 10_000

const State = z.object({
  session: z.string(),
  scenario: z.string(),
  workers: z.array(z.object({ worker: z.object({ id: z.string(), name: z.string() }) })),
})

const servers: MockServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

const startServer = async () => {
  const server = await startMockServer({ port: 0 })
  servers.push(server)
  return server
}

/** Where a test session can point: an app in-process, or the base URL of a real server. */
const TARGETS = [
  ['an app in-process', async () => createMockApp()],
  ['a real server', async () => (await startServer()).url],
] as const

const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
  signal: AbortSignal.timeout(WAIT_MS),
})

const create = async (session: TestSession, name = 'w') => {
  const res = await session.fetch('/v1/workers', json('POST', { name, destination: 'local' }))
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`)
  return MockCreateWorkerResponse.parse(await res.json()).worker.id
}

const rename = (session: TestSession, id: string, name = 'renamed') =>
  session.fetch(`/v1/workers/${id}`, json('PATCH', { name }))

const stateOf = async (session: TestSession) => State.parse(await session.state())
const workerIdsOf = async (session: TestSession) =>
  (await stateOf(session)).workers.map(({ worker }) => worker.id)

describe('createTestSession', () => {
  it.each(TARGETS)('isolates the state of two sessions on %s', async (_, target) => {
    const at = await target()
    const [mine, theirs] = [createTestSession(at), createTestSession(at)]
    const id = await create(mine)
    const res = await rename(theirs, id)
    await res.body?.cancel()
    expect.soft(res.status).toBe(404)
    expect.soft(await workerIdsOf(theirs)).not.toContain(id)
    expect.soft(await workerIdsOf(mine)).toContain(id)
    expect.soft((await stateOf(mine)).session).toBe(mine.id)
  })

  it.each(TARGETS)('reads only its own journal entries on %s', async (_, target) => {
    const at = await target()
    const [mine, theirs] = [createTestSession(at), createTestSession(at)]
    const id = await create(mine)
    await create(theirs)
    await (await rename(mine, id)).text()
    const entries = await mine.requests()
    expect.soft(entries.map((e) => [e.session, e.operationId, e.status])).toEqual([
      [mine.id, 'createWorker', 201],
      [mine.id, 'updateWorker', 200],
    ])
    expect
      .soft((await mine.requests({ operation: 'updateWorker' })).map((e) => e.path))
      .toEqual([`/v1/workers/${id}`])
    expect.soft((await theirs.requests()).map((e) => e.session)).toEqual([theirs.id])
  })

  it.each(TARGETS)('forgets its journal and state on reset() on %s', async (_, target) => {
    const at = await target()
    const [mine, theirs] = [createTestSession(at), createTestSession(at)]
    const id = await create(mine)
    const kept = await create(theirs)
    await mine.reset()
    expect.soft(await mine.requests()).toEqual([])
    expect.soft(await workerIdsOf(mine)).not.toContain(id)
    const res = await rename(mine, id)
    await res.body?.cancel()
    expect.soft(res.status).toBe(404)
    expect.soft(await workerIdsOf(theirs)).toContain(kept)
    expect.soft(await theirs.requests()).toHaveLength(1)
  })

  it.each(TARGETS)('starts a session in the scenario it names on %s', async (_, target) => {
    const at = await target()
    const session = createTestSession(at, { scenario: 'empty' })
    expect.soft(session.headers['x-mock-scenario']).toBe('empty')
    const before = await stateOf(session)
    expect.soft(before.scenario).toBe('empty')
    expect.soft(before.workers).toEqual([])
    const id = await create(session)
    await session.reset()
    const after = await stateOf(session)
    expect.soft(after.scenario).toBe('empty')
    expect.soft(after.workers.map(({ worker }) => worker.id)).not.toContain(id)
    expect.soft((await stateOf(createTestSession(at))).workers).toHaveLength(3)
  })

  it('runs fifty sessions in parallel on one real server without cross-talk', async () => {
    const server = await startServer()
    const flows = await Promise.all(
      Array.from({ length: 50 }, async (_, n) => {
        const session = createTestSession(server.url)
        const first = await create(session, `first ${n}`)
        const second = await create(session, `second ${n}`)
        const renamed = await rename(session, first, `renamed ${n}`)
        const worker = MockWorkerEnvelope.parse(await renamed.json()).worker
        const [entries, state] = await Promise.all([session.requests(), stateOf(session)])
        return { n, session, created: [first, second], worker, entries, state }
      }),
    )
    const everyCreated = new Set(flows.flatMap((flow) => flow.created))
    expect.soft(everyCreated.size).toBe(100)
    expect.soft(new Set(flows.map((flow) => flow.session.id)).size).toBe(50)
    for (const { n, session, created, worker, entries, state } of flows) {
      expect.soft(worker.name, `session ${n}`).toBe(`renamed ${n}`)
      expect
        .soft(
          entries.map((e) => [e.session, e.operationId, e.status, e.path]),
          `session ${n}`,
        )
        .toEqual([
          [session.id, 'createWorker', 201, '/v1/workers'],
          [session.id, 'createWorker', 201, '/v1/workers'],
          [session.id, 'updateWorker', 200, `/v1/workers/${created[0]}`],
        ])
      const ids = state.workers.map((w) => w.worker.id)
      expect.soft(state.session, `session ${n}`).toBe(session.id)
      expect
        .soft(
          ids.filter((id) => everyCreated.has(id)),
          `session ${n}`,
        )
        .toEqual(created)
      expect
        .soft(state.workers.find((w) => w.worker.id === created[0])?.worker.name, `session ${n}`)
        .toBe(`renamed ${n}`)
    }
    expect.soft(server.app.control.journal.list()).toHaveLength(150)
  })

  it('uses the id it is given and the headers it hands out', async () => {
    const app = createMockApp()
    const session = createTestSession(app, { id: 'mine' })
    expect.soft(session.id).toBe('mine')
    expect.soft(session.headers).toEqual({ 'x-mock-session': 'mine' })
    // a request of the test's own, put in the session by its headers
    await app.request('/v1/workers', {
      method: 'POST',
      headers: { ...session.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'w', destination: 'local' }),
    })
    expect.soft((await session.requests()).map((e) => e.session)).toEqual(['mine'])
  })

  it('gives every session a fresh id that the mock accepts', async () => {
    const app = createMockApp()
    const sessions = Array.from({ length: 20 }, () => createTestSession(app))
    expect.soft(new Set(sessions.map((s) => s.id)).size).toBe(20)
    const states = await Promise.all(sessions.map(stateOf))
    expect.soft(states.map((s) => s.session)).toEqual(sessions.map((s) => s.id))
  })

  it('keeps the headers of the request and adds its own', async () => {
    const app = createMockApp()
    const session = createTestSession(app)
    await session.fetch('/v1/workers', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer PLANTED-token' },
      body: JSON.stringify({ name: 'w', destination: 'local' }),
    })
    const [entry] = await session.requests()
    expect.soft(entry?.session).toBe(session.id)
    expect.soft(entry?.request.contentType).toBe('application/json')
    expect.soft(entry?.request.authorization).toBe('[REDACTED]')
  })

  it('reaches a server given with a trailing slash', async () => {
    const server = await startServer()
    const session = createTestSession(`${server.url}/`)
    await create(session)
    expect(await session.requests()).toHaveLength(1)
  })

  it('rejects with a message naming the status when the mock refuses the session', async () => {
    const session = createTestSession(createMockApp(), { scenario: 'nope' })
    await expect(session.state()).rejects.toThrow(/\[worker-api-kit\] GET \/__mock\/state .*400/)
    await expect(session.requests()).rejects.toThrow(/400/)
    await expect(session.reset()).rejects.toThrow(/POST \/__mock\/reset .*400/)
  })
})
