import { describe, expect, it } from 'vitest'
import { createMockApp } from '../../src/mock/app.js'
import { MAX_AGE_MS } from '../../src/mock/lifecycle.js'
import { defineScenario, MAX_SCENARIO_WAIT_MS, Scenario } from '../../src/mock/scenario.js'
import { send } from '../helpers/send.js'

/** Every number a scenario holds, at the largest value its schema lets through. */
const AT_THE_BOUNDS = defineScenario({
  name: 'at-the-bounds',
  seed: 2 ** 32 - 1,
  pollAfterMs: { local: 86_400_000, cloud: 86_400_000 },
  lifecycle: {
    local: [
      { afterMs: 0, status: 'pending', instanceStatus: 'pending' },
      { afterMs: MAX_AGE_MS, status: 'running', instanceStatus: 'running' },
    ],
    cloud: [{ afterMs: 0, status: 'provisioning', instanceStatus: 'provisioning' }],
  },
  state: {
    workers: [
      { ageMs: MAX_AGE_MS, destination: 'local' },
      { ageMs: 0, destination: 'cloud' },
    ],
  },
  rules: [
    { times: 1_000_000, rateLimit: { limit: 1_000_000, windowMs: 3_600_000 } },
    { latency: { min: 0, max: MAX_SCENARIO_WAIT_MS }, probability: 0 },
  ],
})

describe('scenario bounds', () => {
  it('builds a scenario with every value at its bound, and answers from it', async () => {
    const app = createMockApp({ scenario: AT_THE_BOUNDS, sleep: async () => {} })
    const created = await send(app, 'POST', '/v1/workers', { name: 'n', destination: 'local' })
    const state = await send(app, 'GET', '/__mock/state')
    expect.soft(created.status).toBe(201)
    expect.soft(state.status).toBe(200)
  })

  it.each([
    ['/state/workers/0/ageMs', { state: { workers: [{ ageMs: MAX_AGE_MS + 1 }] } }],
    [
      '/lifecycle/local/1/afterMs',
      {
        lifecycle: {
          cloud: [{ afterMs: 0, status: 'provisioning', instanceStatus: 'provisioning' }],
          local: [
            { afterMs: 0, status: 'pending', instanceStatus: 'pending' },
            { afterMs: MAX_AGE_MS + 1, status: 'running', instanceStatus: 'running' },
          ],
        },
      },
    ],
    ['/pollAfterMs/local', { pollAfterMs: { local: 86_400_001 } }],
    ['/rules/0/times', { rules: [{ times: 1_000_001 }] }],
    ['/rules/0/rateLimit/limit', { rules: [{ rateLimit: { limit: 1_000_001, windowMs: 1_000 } }] }],
    ['/rules/0/hangMs', { rules: [{ fault: 'hang', hangMs: MAX_SCENARIO_WAIT_MS + 1 }] }],
    [
      '/rules/0/respond/headers/x-big',
      { rules: [{ respond: { status: 200, headers: { 'x-big': 'x'.repeat(8_193) } } }] },
    ],
    ['/state/llmProvider/providerId', { state: { llmProvider: { providerId: 'p'.repeat(256) } } }],
    ['/rules', { rules: Array.from({ length: 101 }, () => ({})) }],
  ])('refuses a value past its bound at %s', (pointer, extra) => {
    const result = Scenario.safeParse({ name: 'past', ...extra })
    const paths = result.error?.issues.map((issue) => `/${issue.path.join('/')}`) ?? []
    expect(paths).toContain(pointer)
  })
})
