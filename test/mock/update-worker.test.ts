import { describe, expect, it } from 'vitest'
import { createMockApp } from '../../src/mock/app.js'
import { MockWorkerEnvelope, WorkerEnvelope } from '../../src/schemas/worker.js'
import { createdWorkerId } from '../helpers/requests.js'
import { pointersOf, send, steppingClock, unknownId } from '../helpers/send.js'

describe('updateWorker', () => {
  it('renames a stored worker, keeps its id and bumps updatedAt', async () => {
    const app = createMockApp({ clock: steppingClock() })
    const created = (await send(app, 'POST', '/v1/workers', { name: 'old', destination: 'cloud' }))
      .body
    const before = MockWorkerEnvelope.parse(created).worker
    const res = await send(app, 'PATCH', `/v1/workers/${before.id}`, { name: 'new name' })
    expect(res.status).toBe(200)
    expect(WorkerEnvelope.safeParse(res.body).error).toBeUndefined()
    const after = MockWorkerEnvelope.parse(res.body).worker
    expect.soft(after.id).toBe(before.id)
    expect.soft(after.name).toBe('new name')
    expect.soft(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt))
    expect.soft(after.createdAt).toBe(before.createdAt)
    expect.soft({ ...after, name: before.name, updatedAt: before.updatedAt }).toEqual(before)
  })

  it('keeps the new name for the next update', async () => {
    const app = createMockApp()
    const id = await createdWorkerId(app)
    await send(app, 'PATCH', `/v1/workers/${id}`, { name: 'first' })
    const res = await send(app, 'PATCH', `/v1/workers/${id}`, { name: 'second' })
    expect(MockWorkerEnvelope.parse(res.body).worker.name).toBe('second')
  })

  it('answers 404 with a pointer to /params/id for a well-formed id it does not know', async () => {
    const res = await send(createMockApp(), 'PATCH', `/v1/workers/${unknownId('wrk')}`, {
      name: 'x',
    })
    expect.soft(res.status).toBe(404)
    expect.soft(res.contentType).toBe('application/problem+json')
    expect.soft(pointersOf(res.body)).toEqual(['/params/id'])
  })

  it('does not find a worker of another app', async () => {
    const id = await createdWorkerId(createMockApp())
    const res = await send(createMockApp(), 'PATCH', `/v1/workers/${id}`, { name: 'x' })
    expect(res.status).toBe(404)
  })

  it.each([
    ['a wrong prefix', `org_${'0'.repeat(26)}`],
    ['a path traversal', '..%2F..%2Fetc%2Fpasswd'],
    ['unicode', encodeURIComponent('wrk_ü')],
  ])('rejects an id with %s with a pointer to /params/id', async (_, id) => {
    const res = await send(createMockApp(), 'PATCH', `/v1/workers/${id}`, { name: 'x' })
    expect.soft(res.status).toBe(400)
    // one message per broken constraint (length, pattern), all at the same pointer
    expect.soft(new Set(pointersOf(res.body))).toEqual(new Set(['/params/id']))
  })

  it('reports a broken id and a broken body in one answer', async () => {
    const res = await send(createMockApp(), 'PATCH', '/v1/workers/wrk_short', { name: '' })
    expect(res.status).toBe(400)
    expect(pointersOf(res.body)).toEqual(['/params/id', '/body/name'])
  })

  it.each([
    ['a number', { name: 42 }],
    ['null', { name: null }],
    ['a missing name', {}],
  ])('rejects %s as the name', async (_, body) => {
    const app = createMockApp()
    const res = await send(app, 'PATCH', `/v1/workers/${await createdWorkerId(app)}`, body)
    expect(res.status).toBe(400)
    expect(pointersOf(res.body)).toEqual(['/body/name'])
  })
})

describe('updateWorker name length', () => {
  // assumption: see docs/limits.md#assumptions. Zod 4 counts code points, so an emoji counts once.
  it.each([
    ['accepts', 255, 200],
    ['rejects', 256, 400],
  ])('%s a name of %i emoji (counted in code points)', async (_, count, status) => {
    const app = createMockApp()
    const res = await send(app, 'PATCH', `/v1/workers/${await createdWorkerId(app)}`, {
      name: '🚀'.repeat(count),
    })
    expect(res.status).toBe(status)
  })
})
