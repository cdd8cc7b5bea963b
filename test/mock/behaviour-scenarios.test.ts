// Behaviour scenarios (no `state` of their own: slow, flaky, rate-limited, auth-required) layer
// over data instead of wiping it; `flaky` shows its faults at once, the same in every session.
import { describe, expect, it } from 'vitest'
import { createMockApp } from '../../src/mock/app.js'
import { inSession, stateIn } from '../helpers/mock-state.js'
import { send } from '../helpers/send.js'

const BEHAVIOURS = ['slow', 'flaky', 'rate-limited', 'auth-required'] as const

/** No wait: the `slow` scenario's latency is recorded, not slept. */
const appOf = () => createMockApp({ sleep: async () => undefined })

const namesIn = async (app: ReturnType<typeof appOf>, headers: Record<string, string>) =>
  (await stateIn(app, headers)).workers.map(({ worker }) => worker.name)

describe('behaviour scenarios', () => {
  it.each(BEHAVIOURS)('start a new session under %s from the default data', async (name) => {
    const app = appOf()
    const fresh = await namesIn(app, inSession(`new-${name}`, name))
    expect(fresh).toEqual(await namesIn(app, inSession('plain')))
    expect(fresh).toHaveLength(3)
  })

  it.each(BEHAVIOURS)('keep the workers and provider of a session switched to %s', async (name) => {
    const app = appOf()
    const headers = inSession('mine')
    const created = await send(
      app,
      'POST',
      '/v1/workers',
      { name: 'mine', destination: 'local' },
      headers,
    )
    expect(created.status).toBe(201)
    const before = await stateIn(app, headers)
    const switched = await send(app, 'PUT', '/__mock/scenario', { name }, headers)
    expect(switched.status).toBe(200)
    const after = await stateIn(app, headers)
    expect.soft(after.scenario).toBe(name)
    expect
      .soft(after.workers.map(({ worker }) => worker.id))
      .toEqual(before.workers.map(({ worker }) => worker.id))
    expect.soft(after.llmProviders).toEqual(before.llmProviders)
  })

  it('keeps the data of a session whose x-mock-scenario header turns to a behaviour', async () => {
    const app = appOf()
    const created = await send(
      app,
      'POST',
      '/v1/workers',
      { name: 'kept', destination: 'local' },
      inSession('h'),
    )
    expect(created.status).toBe(201)
    expect(await namesIn(app, inSession('h', 'slow'))).toContain('kept')
  })

  it('replaces the data of a session switched to a scenario that declares state', async () => {
    const app = appOf()
    const headers = inSession('mine')
    await send(app, 'POST', '/v1/workers', { name: 'mine', destination: 'local' }, headers)
    expect((await send(app, 'PUT', '/__mock/scenario', { name: 'empty' }, headers)).status).toBe(
      200,
    )
    expect(await namesIn(app, headers)).toEqual([])
  })
})

describe('the flaky scenario', () => {
  const statusesOf = async (session: string, count: number) => {
    const app = appOf()
    const statuses: number[] = []
    for (let i = 0; i < count; i++) {
      // A lost connection shows in-process as a thrown error: 0 here.
      const sent = await send(
        app,
        'POST',
        '/v1/workers',
        { name: `w${i}`, destination: 'local' },
        inSession(session, 'flaky'),
      ).catch(() => ({ status: 0 }))
      statuses.push(sent.status)
    }
    return statuses
  }

  it('fails one of its first three requests', async () => {
    const statuses = await statusesOf('first', 3)
    expect(statuses.some((status) => status !== 201)).toBe(true)
  })

  it('fails the same requests in sessions of any name', async () => {
    const [a, b] = [await statusesOf('alpha', 12), await statusesOf('a-very-different-name', 12)]
    expect(a).toEqual(b)
    expect(a.filter((status) => status === 201).length).toBeLessThan(12)
  })
})
