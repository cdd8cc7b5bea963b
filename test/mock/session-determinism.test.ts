import { describe, expect, it } from 'vitest'
import { createMockApp, createTestSession, type MockApp } from '../../src/index.js'

const T0 = Date.UTC(2026, 0, 1)
const LOCAL = { destination: 'local', name: 'determinism' }
const REQUESTS = 40

/** An app on a fixed clock whose waits end at once. */
const build = (options: Parameters<typeof createMockApp>[0] = {}) =>
  createMockApp({ clock: () => T0, sleep: async () => undefined, ...options })

const create = (app: MockApp, headers: Record<string, string> = {}) =>
  app.request('/v1/workers', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(LOCAL),
  })

/** The statuses of `REQUESTS` creates in one session (0: the connection was reset). */
const statusesIn = async (app: MockApp, headers: Record<string, string> = {}) => {
  const statuses: number[] = []
  for (let i = 0; i < REQUESTS; i++) statuses.push((await create(app, headers)).status)
  return statuses
}

const renameProvider = (app: MockApp, ids: { orgId: string; llmProviderId: string }) =>
  app.request(`/v1/orgs/${ids.orgId}/llm-providers/${ids.llmProviderId}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ source: 'custom' }),
  })

describe('session determinism', () => {
  it('fails the same flaky requests in sessions of any name, the default one included', async () => {
    const app = build({ scenario: 'flaky' })
    const byDefault = await statusesIn(app)
    const inA = await statusesIn(app, { 'x-mock-session': 'a' })
    const inLongName = await statusesIn(app, { 'x-mock-session': 'another-session-name' })
    expect.soft(new Set(byDefault)).toContain(503)
    expect.soft(inA).toEqual(byDefault)
    expect.soft(inLongName).toEqual(byDefault)
  })

  it('fails the same flaky requests in sessions picked by header as in an app of that scenario', async () => {
    const byHeader = await statusesIn(build(), {
      'x-mock-session': 'picked',
      'x-mock-scenario': 'flaky',
    })
    expect(byHeader).toEqual(await statusesIn(build({ scenario: 'flaky' })))
  })

  it('gives two test sessions on two apps the same flaky failures', async () => {
    const patterns = await Promise.all(
      [build(), build()].map(async (app) => {
        const session = createTestSession(app, { scenario: 'flaky' })
        const statuses: number[] = []
        // A dropped connection rejects, as fetch does: 0 in the pattern.
        for (let i = 0; i < REQUESTS; i++)
          statuses.push(
            await session
              .fetch('/v1/workers', {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify(LOCAL),
              })
              .then(
                (res) => res.status,
                () => 0,
              ),
          )
        return statuses
      }),
    )
    expect(patterns[1]).toEqual(patterns[0])
  })

  it('hands out different worker ids and tokens to sessions creating in the same millisecond', async () => {
    const app = build()
    const bodies = await Promise.all(
      ['', 'a', 'b', 'c'].map(async (session) => {
        const res = await create(app, session ? { 'x-mock-session': session } : {})
        return JSON.stringify(await res.json())
      }),
    )
    const ids = bodies.map((body) => /"(wrk_[0-9a-z]{26})"/.exec(body)?.[1])
    const tokens = bodies.map((body) => /"(wk[a-z]_[\w-]+)"/.exec(body)?.[1])
    expect.soft(ids.every(Boolean)).toBe(true)
    expect.soft(new Set(ids).size).toBe(4)
    expect.soft(new Set(tokens).size).toBe(4)
  })

  it('keeps the ids of the mock seed when the scenario has a seed of its own', async () => {
    const plain = build({ seed: 1 })
    const flaky = build({ seed: 1, scenario: 'flaky' })
    expect.soft(flaky.ids).toEqual(plain.ids)
    expect.soft(flaky.seed).toBe(1)
    expect.soft(flaky.scenario().seed).toBe(3)
  })

  it.each(['flaky', 'seeded'])(
    'serves the printed ids in GET / after PUT /__mock/scenario %s (a scenario with its own seed)',
    async (name) => {
      const app = build({ seed: 1, scenarios: [{ name: 'seeded', seed: 9 }] })
      const printed = app.ids
      const put = await app.request('/__mock/scenario', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name }),
      })
      expect.soft(put.status).toBe(200)
      const index: unknown = await (await app.request('/')).json()
      expect.soft(index).toMatchObject({ scenario: name, ...printed })
    },
  )

  it('answers a PATCH with the printed ids after switching to a scenario with its own seed', async () => {
    const app = build({ seed: 1, scenarios: [{ name: 'seeded', seed: 9 }] })
    await app.request('/__mock/scenario', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'seeded' }),
    })
    expect((await renameProvider(app, app.ids)).status).toBe(200)
  })
})
