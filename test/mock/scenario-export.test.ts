import { describe, expect, it } from 'vitest'
import { createMockApp } from '../../src/mock/app.js'
import { Scenario, type ScenarioInput } from '../../src/mock/scenario.js'
import { inSession } from '../helpers/mock-state.js'
import { send } from '../helpers/send.js'

const CREATE = { name: 'w', destination: 'local' }
const NOW = Date.UTC(2026, 2, 1, 12)

/** A rule that answers the next `times` creates 503. */
const down = (times: number) => ({
  match: { operation: 'createWorker' as const },
  times,
  problem: { status: 503 },
})

/** A scenario whose own rules are counted: a 503 for the next create, a 502 for the next three. */
const COUNTED: ScenarioInput = {
  name: 'counted',
  description: 'counted rules',
  rules: [
    { ...down(1), description: 'once' },
    { match: { operation: 'createWorker' }, times: 3, problem: { status: 502 } },
  ],
}

const appOf = (scenario?: ScenarioInput) =>
  createMockApp({ clock: () => NOW, ...(scenario === undefined ? {} : { scenario }) })

/** The session's export, parsed as a scenario file. */
const exportOf = async (app: ReturnType<typeof appOf>, headers: Record<string, string> = {}) => {
  const res = await send(app, 'GET', '/__mock/scenario/export', undefined, headers)
  expect(res.status).toBe(200)
  return Scenario.parse(res.body)
}

const createStatus = async (app: ReturnType<typeof appOf>) =>
  (await send(app, 'POST', '/v1/workers', CREATE)).status

describe('scenario export', () => {
  it('leaves out a rule added at run time that is used up: loaded, the next create is not answered by it', async () => {
    const app = appOf()
    expect((await send(app, 'POST', '/__mock/rules', down(1))).status).toBe(201)
    expect(await createStatus(app)).toBe(503)
    const exported = await exportOf(app)
    expect.soft(exported.rules).toEqual([])
    expect(await createStatus(appOf(exported))).toBe(201)
  })

  it('writes a counted rule with the uses it has left: times 3 used once exports times 2', async () => {
    const app = appOf()
    await send(app, 'POST', '/__mock/rules', down(3))
    expect(await createStatus(app)).toBe(503)
    const exported = await exportOf(app)
    expect(exported.rules).toEqual([expect.objectContaining({ times: 2 })])
    const loaded = appOf(exported)
    expect([await createStatus(loaded), await createStatus(loaded)]).toEqual([503, 503])
    expect(await createStatus(loaded)).toBe(201)
  })

  it("writes a scenario's own rules as they stand: used up left out, the rest with what is left", async () => {
    const app = appOf(COUNTED)
    // the first create meets the 503 (used up), the second the first of three 502s
    expect([await createStatus(app), await createStatus(app)]).toEqual([503, 502])
    const exported = await exportOf(app)
    expect(exported.rules).toEqual([
      expect.objectContaining({ times: 2, problem: { status: 502 } }),
    ])
    const loaded = appOf(exported)
    expect([await createStatus(loaded), await createStatus(loaded)]).toEqual([502, 502])
    expect(await createStatus(loaded)).toBe(201)
  })

  it('keeps a rule without a count whole, and one not used yet with its full count', async () => {
    const app = appOf()
    await send(app, 'POST', '/__mock/rules', { match: { operation: 'updateWorker' }, latency: 1 })
    await send(app, 'POST', '/__mock/rules', { ...down(2), match: { operation: 'updateWorker' } })
    await createStatus(app)
    const exported = await exportOf(app)
    expect(exported.rules.map((rule) => rule.times)).toEqual([undefined, 2])
  })

  it('describes itself as an export of its session at the time of the export', async () => {
    const app = appOf(COUNTED)
    const exported = await exportOf(app, inSession('bench'))
    expect.soft(exported.name).toBe('counted')
    expect
      .soft(exported.description)
      .toBe(
        'Export of session "bench" (scenario counted) at 2026-03-01T12:00:00.000Z. counted rules',
      )
    const ofDefault = await exportOf(app)
    expect
      .soft(ofDefault.description)
      .toMatch(/^Export of the default session \(scenario counted\)/)
  })
})
