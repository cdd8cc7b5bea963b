import { request } from 'node:http'
import { describe, expect, it } from 'vitest'
import { createMockApp } from '../../src/mock/app.js'
import { createProxyApp } from '../../src/proxy/create-proxy-app.js'
import { startProxyServer } from '../../src/proxy/server.js'
import { cleanUpAfterEach } from '../helpers/clean-up.js'

const { servers } = cleanUpAfterEach<{ close(): Promise<void> }>()

/** A proxy in front of a mock; every request that reaches the target is counted. */
const proxied = (options: { adminToken?: string } = {}) => {
  const target = createMockApp()
  const reached: string[] = []
  const proxy = createProxyApp({
    target: 'http://target.test',
    fetch: async (input, init) => {
      reached.push(new URL(input).pathname)
      return target.request(input, init)
    },
    ...options,
  })
  return { proxy, reached }
}

describe("the proxy's admin API", () => {
  it('says it is a proxy, and of what, in health', async () => {
    const { proxy } = proxied()
    const health = (await (await proxy.request('/__mock/health')).json()) as Record<string, unknown>
    expect(health).toMatchObject({
      status: 'ok',
      mode: 'proxy',
      target: 'http://target.test/',
      fallback: false,
    })
    expect(health['checks']).toContain('response-schema')
  })

  it('serves the dashboard page, and never forwards the admin prefix to the target', async () => {
    const { proxy, reached } = proxied()
    const page = await proxy.request('/__mock/')
    expect([200, 404]).toContain(page.status) // 404 when this copy has no built dashboard
    if (page.status === 200) {
      expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    }
    for (const path of ['/__mock', '/__mock/state', '/__mock/scenarios', '/__mock/anything']) {
      const res = await proxy.request(path)
      expect(res.status, path).toBe(404)
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/)
      // The proxy's own wording: no word of the mock's `--passthrough`.
      expect(await res.json()).toMatchObject({ detail: `No route GET ${path}.` })
    }
    expect(reached).toEqual([])
  })

  it('is guarded as the mock: a foreign Host, a foreign page, a missing admin token', async () => {
    const target = createMockApp()
    const reached: string[] = []
    const proxy = await startProxyServer({
      target: 'http://target.test',
      port: 0,
      adminToken: 'admin-secret-1234',
      fetch: async (input, init) => {
        reached.push(new URL(input).pathname)
        return target.request(input, init)
      },
    })
    servers.push(proxy)
    const get = (path: string, headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const req = request(`${proxy.url}${path}`, { headers, timeout: 5_000 }, (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        })
        req.on('error', reject)
        req.end()
      })
    expect(await get('/__mock/requests', { host: 'rebind.evil.example' })).toBe(403)
    // a rebinding page cannot reach the target through the proxy either
    expect(await get('/v1/workers', { host: 'rebind.evil.example' })).toBe(403)
    expect(await get('/__mock/requests', { origin: 'http://evil.example' })).toBe(403)
    expect(await get('/__mock/requests', {})).toBe(401)
    expect(await get('/__mock/requests', { 'x-mock-admin-token': 'admin-secret-1234' })).toBe(200)
    expect(reached).toEqual([])
  })

  it('lists judged exchanges with their violations, filtered and paged like the mock journal', async () => {
    const { proxy } = proxied()
    await proxy.request('/v1/workers', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'ok', destination: 'local' }),
    })
    const page = (await (
      await proxy.request('/__mock/requests?operation=createWorker')
    ).json()) as {
      count: number
      entries: { operationId: string; status: number; violations: unknown[]; source: string }[]
    }
    expect(page.count).toBe(1)
    expect(page.entries[0]).toMatchObject({
      operationId: 'createWorker',
      status: 201,
      violations: [],
      source: 'target',
    })
  })
})
