import { describe, expect, it } from 'vitest'
import { createMockApp } from '../../src/mock/app.js'
import { createProxyApp } from '../../src/proxy/create-proxy-app.js'

const json = (method: string, body: unknown) => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
})

/** A proxy in front of a mock (a stand-in for staging), in-process. */
const proxyInFrontOfMock = (seed = 7) => {
  const staging = createMockApp({ seed })
  const proxy = createProxyApp({
    target: 'http://staging.test',
    fetch: async (input, init) => staging.request(input, init),
  })
  return { staging, proxy }
}

type Created = { worker: { id: string; name: string; createdAt: string; destination: string } }

describe('the recording', () => {
  it('keeps what the target confirmed, and the mock serves it back with the same ids', async () => {
    const { staging, proxy } = proxyInFrontOfMock()
    const first = (await (
      await proxy.request('/v1/workers', json('POST', { name: 'alpha', destination: 'local' }))
    ).json()) as Created
    const second = (await (
      await proxy.request(
        '/v1/workers',
        json('POST', { name: 'beta', destination: 'cloud', description: 'kept' }),
      )
    ).json()) as Created
    await proxy.request(`/v1/workers/${first.worker.id}`, json('PATCH', { name: 'alpha two' }))
    // refused requests change nothing
    await proxy.request(`/v1/workers/${first.worker.id}`, json('PATCH', { name: '' }))
    await proxy.request('/v1/workers', json('POST', { destination: 'local' }))
    const providerPath = `/v1/orgs/${staging.ids.orgId}/llm-providers/${staging.ids.llmProviderId}`
    await proxy.request(providerPath, json('PATCH', { source: 'custom', customConfigText: 'a: 1' }))
    await proxy.request(providerPath, json('PATCH', { source: 'custom', apiKey: 'sk-1234567890' }))

    const scenario = proxy.recording.scenario()
    expect(JSON.stringify(scenario)).not.toContain('sk-1234567890')
    expect(scenario.state?.workers?.map((w) => [w.id, w.name])).toEqual([
      [second.worker.id, 'beta'],
      [first.worker.id, 'alpha two'],
    ])
    expect(scenario.state?.llmProvider).toMatchObject({
      id: staging.ids.llmProviderId,
      customConfigText: 'a: 1', // a PATCH merges: the second update did not send it
      hasApiKey: true,
    })

    const offline = createMockApp({ scenario })
    expect(offline.ids).toEqual(staging.ids)
    const state = (await (await offline.request('/__mock/state')).json()) as {
      workers: { worker: { id: string; name: string; createdAt: string; destination: string } }[]
    }
    const byId = new Map(state.workers.map(({ worker }) => [worker.id, worker]))
    expect(byId.get(first.worker.id)).toMatchObject({
      name: 'alpha two',
      createdAt: first.worker.createdAt,
      destination: 'local',
    })
    expect(byId.get(second.worker.id)).toMatchObject({ name: 'beta', destination: 'cloud' })
    const renamed = await offline.request(
      `/v1/workers/${second.worker.id}`,
      json('PATCH', { name: 'renamed offline' }),
    )
    expect(renamed.status).toBe(200)
  })

  it('leaves out a worker too large to keep, and stays a scenario the mock loads', async () => {
    const { proxy } = proxyInFrontOfMock()
    await proxy.request(
      '/v1/workers',
      json('POST', { name: 'x'.repeat(100_000), destination: 'local' }),
    )
    await proxy.request('/v1/workers', json('POST', { name: 'small', destination: 'local' }))
    const scenario = proxy.recording.scenario()
    expect(scenario.state?.workers?.map((w) => w.name)).toEqual(['small'])
    expect(() => createMockApp({ scenario })).not.toThrow()
  })
})
