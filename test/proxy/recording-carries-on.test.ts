import { describe, expect, it } from 'vitest'
import { createMockApp } from '../../src/mock/app.js'
import { Scenario } from '../../src/mock/scenario.js'
import { createProxyApp } from '../../src/proxy/create-proxy-app.js'
import { stateIn } from '../helpers/mock-state.js'

const json = (method: string, body: unknown) => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
})

const T0 = Date.UTC(2027, 2, 1, 12)
/** A key planted in the update; nothing of it beyond four characters may reach the recording. */
const KEY = 'sk-planted-Q7vZ9kT2mW4xR8pL3nB6'
const LAST_FOUR = KEY.slice(-4)
/** Every five characters of the key in a row: none may appear in a recording. */
const FIVE_OF_KEY = Array.from({ length: KEY.length - 4 }, (_, i) => KEY.slice(i, i + 5))

type Created = { worker: { id: string; status: string } }

describe('a recording the mock carries on from', () => {
  it('continues each recorded worker on the lifecycle from the status the target answered', async () => {
    let now = T0
    // Staging brings a cloud worker up in one second; the mock's default lifecycle takes twenty.
    const staging = createMockApp({
      clock: () => now,
      scenario: {
        name: 'fast',
        lifecycle: {
          local: [{ afterMs: 0, status: 'pending', instanceStatus: 'pending' }],
          cloud: [
            { afterMs: 0, status: 'provisioning', instanceStatus: 'provisioning' },
            { afterMs: 1_000, status: 'running', instanceStatus: 'running' },
          ],
        },
      },
    })
    const proxy = createProxyApp({
      target: 'http://staging.test',
      fetch: async (input, init) => staging.request(input, init),
    })
    const create = async (name: string) =>
      (
        (await (
          await proxy.request('/v1/workers', json('POST', { name, destination: 'cloud' }))
        ).json()) as Created
      ).worker
    const early = await create('provisioning when recorded')
    expect(early.status).toBe('provisioning')
    const late = await create('running when recorded')
    now = T0 + 2_000
    const renamed = (await (
      await proxy.request(`/v1/workers/${late.id}`, json('PATCH', { name: 'renamed' }))
    ).json()) as Created
    expect(renamed.worker.status).toBe('running')

    const scenario = proxy.recording.scenario()
    const statusesAt = async (at: number) => {
      const offline = createMockApp({ scenario, clock: () => at })
      const { workers } = await stateIn(offline)
      return Object.fromEntries(workers.map(({ worker }) => [worker.id, worker.status]))
    }
    // Three seconds after creation: the default lifecycle alone would say provisioning for both.
    expect(await statusesAt(T0 + 3_000)).toEqual({
      [early.id]: 'provisioning',
      [late.id]: 'running',
    })
    // Later, the one recorded provisioning has come up: it goes on, it is not pinned.
    expect(await statusesAt(T0 + 60_000)).toEqual({ [early.id]: 'running', [late.id]: 'running' })
  })

  it.each([
    ['apiKeyLastFour', { apiKeyLastFour: LAST_FOUR }],
    ['a masked apiKey (sk-…)', { apiKey: `sk-…${LAST_FOUR}` }],
    ['a masked apiKeyHint (****)', { apiKeyHint: `****${LAST_FOUR}` }],
  ])(
    'keeps the last four characters the target showed in %s, and the mock shows them',
    async (_, shown) => {
      const { ids } = createMockApp()
      const path = `/v1/orgs/${ids.orgId}/llm-providers/${ids.llmProviderId}`
      const proxy = createProxyApp({
        target: 'http://staging.test',
        fetch: async () =>
          Response.json({
            llmProvider: { id: ids.llmProviderId, orgId: ids.orgId, hasApiKey: true, ...shown },
          }),
      })
      const sent = await proxy.request(path, json('PATCH', { source: 'custom', apiKey: KEY }))
      expect(sent.status).toBe(200)

      const scenario = proxy.recording.scenario()
      const text = JSON.stringify(scenario)
      expect(FIVE_OF_KEY.filter((five) => text.includes(five))).toEqual([])
      expect(Scenario.parse(scenario).state?.llmProvider).toMatchObject({
        hasApiKey: true,
        apiKeyLastFour: LAST_FOUR,
      })
      const offline = createMockApp({ scenario })
      const [provider] = (await stateIn(offline)).llmProviders
      expect(provider).toMatchObject({ hasApiKey: true, apiKeyLastFour: LAST_FOUR })
    },
  )

  it('keeps nothing of a key the target answered in clear', async () => {
    const { ids } = createMockApp()
    const path = `/v1/orgs/${ids.orgId}/llm-providers/${ids.llmProviderId}`
    const proxy = createProxyApp({
      target: 'http://staging.test',
      fetch: async () =>
        Response.json({
          llmProvider: {
            id: ids.llmProviderId,
            apiKey: KEY,
            apiKeyHint: KEY,
            keyEcho: `${KEY}.${KEY}`,
          },
        }),
    })
    await proxy.request(path, json('PATCH', { source: 'custom', apiKey: KEY }))
    const text = JSON.stringify(proxy.recording.scenario())
    expect(FIVE_OF_KEY.filter((five) => text.includes(five))).toEqual([])
    expect(text).not.toContain('apiKeyLastFour')
  })
})
