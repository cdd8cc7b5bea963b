import { describe, expect, it } from 'vitest'
import { createMockApp } from '../../src/mock/app.js'
import { createTestSession } from '../../src/mock/test-session.js'
import { send } from '../helpers/send.js'

const BIG_NAME = 'n'.repeat(400_000)

describe('byte options', () => {
  it('keeps a session under limits.maxSessionBytes given to createMockApp, dropping the oldest', async () => {
    const app = createMockApp({ limits: { maxSessionBytes: 1_000_000 } })
    const ids: string[] = []
    for (let i = 0; i < 4; i++) {
      const res = await send(app, 'POST', '/v1/workers', {
        name: `${i}${BIG_NAME}`,
        destination: 'local',
      })
      expect(res.status).toBe(201)
      ids.push((res.body as { worker: { id: string } }).worker.id)
    }
    const { store } = app.control.sessions.get('')
    expect.soft(store.bytes()).toBeLessThanOrEqual(1_000_000)
    expect.soft(store.workers.has(ids[3] ?? '')).toBe(true)
    expect.soft(store.workers.has(ids[0] ?? '')).toBe(false)
  })

  it('drops the least recently used session past limits.maxTotalBytes', async () => {
    const app = createMockApp({ limits: { maxTotalBytes: 1_000_000 } })
    for (const session of ['a', 'b', 'c']) {
      const headers = { 'x-mock-session': session }
      await send(app, 'POST', '/v1/workers', { name: BIG_NAME, destination: 'local' }, headers)
    }
    await send(app, 'GET', '/__mock/health', undefined, { 'x-mock-session': 'c' })
    expect(app.control.sessions.ids()).not.toContain('a')
  })

  it('reads every page of a long journal through a test session', async () => {
    const app = createMockApp()
    const session = createTestSession(app)
    // 64 KiB bodies: 16 of them fill the 1 MiB a journal page may hold.
    const body = JSON.stringify({ name: 'x'.repeat(60_000), destination: 'local' })
    for (let i = 0; i < 40; i++) {
      await session.fetch('/v1/workers', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
    }
    const direct = await send(app, 'GET', '/__mock/requests', undefined, session.headers)
    expect.soft((direct.body as { next: unknown }).next).not.toBeNull()
    expect.soft(await session.requests()).toHaveLength(40)
  })
})
