// The proxy adds staging's credentials (-H) to what it forwards, so it forwards nothing a browser
// says came from a page it does not allow, on any path and with any method, and no service
// worker's script. Over the network, to an echo upstream that counts what reaches it.
import { describe, expect, it } from 'vitest'
import { startMockServer } from '../../src/mock/server.js'
import { createProxyApp } from '../../src/proxy/create-proxy-app.js'
import type { ProxyServerOptions } from '../../src/proxy/server.js'
import { startProxyServer } from '../../src/proxy/server.js'
import { cleanUpAfterEach } from '../helpers/clean-up.js'
import { type EchoServer, startEchoServer } from '../helpers/echo-server.js'
import { sendExactly } from '../helpers/exact-request.js'

const { servers } = cleanUpAfterEach<{ close(): Promise<void> }>()

const STAGING_TOKEN = 'Bearer staging-token-cross-site-0123456789'

/** An echo upstream and the proxy in front of it, with a staging token. */
const proxied = async (options: Partial<ProxyServerOptions> = {}) => {
  const upstream: EchoServer = await startEchoServer()
  servers.push(upstream)
  const proxy = await startProxyServer({
    target: upstream.url,
    port: 0,
    host: '127.0.0.1',
    headers: { authorization: STAGING_TOKEN },
    ...options,
  })
  servers.push(proxy)
  return { upstream, proxy }
}

const send = sendExactly

const FORM = 'name=x&destination=local'

describe('the proxy and pages of other sites', () => {
  it.each([
    [
      'a no-cors POST of another site',
      'POST',
      '/v1/workers',
      {
        origin: 'http://evil.example',
        'content-type': 'text/plain',
        'sec-fetch-site': 'cross-site',
        'sec-fetch-mode': 'no-cors',
      },
    ],
    [
      'a form POST of another site',
      'POST',
      '/v1/workers',
      {
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'cross-site',
        'sec-fetch-mode': 'navigate',
      },
    ],
    ['a PATCH on any path', 'PATCH', '/v1/workers/wrk_anything', { origin: 'http://evil.example' }],
    [
      'a path that is none of the operations',
      'DELETE',
      '/internal/admin/users/1',
      { origin: 'http://evil.example' },
    ],
    [
      'a preflight of another site',
      'OPTIONS',
      '/v1/workers',
      { origin: 'http://evil.example', 'access-control-request-method': 'POST' },
    ],
    [
      'an OPTIONS that is not a preflight',
      'OPTIONS',
      '/v1/workers',
      { origin: 'http://evil.example' },
    ],
    [
      'an <img> of another site (no Origin)',
      'GET',
      '/v1/avatar.png',
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' },
    ],
    [
      'a <script> of another origin on the same site (no Origin)',
      'GET',
      '/app.js',
      { 'sec-fetch-site': 'same-site', 'sec-fetch-dest': 'script' },
    ],
    ['a HEAD of another site', 'HEAD', '/v1/workers', { 'sec-fetch-site': 'cross-site' }],
    [
      'a sandboxed frame or file:// page (Origin: null)',
      'POST',
      '/v1/workers',
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
    ],
    [
      'an allowed-looking Origin under another scheme',
      'POST',
      '/v1/workers',
      { origin: 'file://' },
    ],
  ] as const)(
    'refuses %s with a 403 problem, and the target receives nothing',
    async (_, method, path, headers) => {
      const { upstream, proxy } = await proxied()
      const answer = await send(
        `${proxy.url}${path}`,
        method,
        { ...headers },
        method === 'POST' ? FORM : undefined,
      )
      expect(answer.status).toBe(403)
      if (method !== 'HEAD') {
        expect(answer.contentType).toMatch(/^application\/problem\+json/)
        const problem = JSON.parse(answer.body) as { detail: string; errors: { pointer: string }[] }
        expect(problem.detail).toContain('--cors ORIGIN')
        expect(problem.errors[0]?.pointer).toMatch(/^\/headers\/(origin|sec-fetch-site)$/)
        expect(answer.body).not.toContain('staging-token')
      }
      expect(upstream.requestCount()).toBe(0)
    },
  )

  it.each([
    [
      'a page on a loopback origin (Vite on localhost:5173)',
      {
        origin: 'http://localhost:5173',
        'sec-fetch-site': 'same-site',
        'content-type': 'application/json',
      },
    ],
    [
      'a page on 127.0.0.1 another port',
      {
        origin: 'http://127.0.0.1:3000',
        'sec-fetch-site': 'same-site',
        'content-type': 'application/json',
      },
    ],
    ['curl or node (no Origin, no Sec-Fetch-*)', { 'content-type': 'application/json' }],
    ['a page opened by hand (Sec-Fetch-Site: none)', { 'sec-fetch-site': 'none' }],
  ])('forwards %s, with the proxy headers', async (_, headers) => {
    const { upstream, proxy } = await proxied()
    const answer = await send(
      `${proxy.url}/v1/workers`,
      'POST',
      headers,
      '{"name":"a","destination":"local"}',
    )
    expect(answer.status).toBe(200)
    expect(upstream.received()).toHaveLength(1)
    expect(upstream.received()[0]?.['authorization']).toBe(STAGING_TOKEN)
  })

  it("forwards its own pages' requests (same origin), and a preflight of an allowed page gets its CORS", async () => {
    const { upstream, proxy } = await proxied()
    const own = await send(
      `${proxy.url}/v1/workers`,
      'POST',
      { origin: proxy.url, 'sec-fetch-site': 'same-origin' },
      '{}',
    )
    expect(own.status).toBe(200)
    const preflight = await send(`${proxy.url}/v1/workers`, 'OPTIONS', {
      origin: 'http://localhost:5173',
      'access-control-request-method': 'POST',
    })
    expect(preflight.status).toBe(204)
    expect(upstream.requestCount()).toBe(1)
  })

  it('forwards the pages named with --cors, and only those; Origin: null only when named', async () => {
    const { upstream, proxy } = await proxied({ cors: ['http://app.test:8080', 'null'] })
    expect(
      (await send(`${proxy.url}/v1/workers`, 'POST', { origin: 'http://app.test:8080' }, '{}'))
        .status,
    ).toBe(200)
    expect((await send(`${proxy.url}/v1/workers`, 'POST', { origin: 'null' }, '{}')).status).toBe(
      200,
    )
    // a named list replaces the loopback default
    expect(
      (await send(`${proxy.url}/v1/workers`, 'POST', { origin: 'http://localhost:5173' }, '{}'))
        .status,
    ).toBe(403)
    expect(upstream.requestCount()).toBe(2)
  })

  it("lets the target see the page's Origin, and none of Referer, Sec-Fetch-* or a client's X-Forwarded-*", async () => {
    const { upstream, proxy } = await proxied()
    await send(
      `${proxy.url}/v1/workers`,
      'POST',
      {
        origin: 'http://localhost:5173',
        referer: 'http://localhost:5173/settings?session=abc',
        'sec-fetch-site': 'same-site',
        'sec-fetch-mode': 'cors',
        'x-forwarded-for': '10.0.0.1',
        'x-forwarded-host': 'admin.internal',
        'x-forwarded-proto': 'https',
        forwarded: 'for=10.0.0.1;host=admin.internal',
        'content-type': 'application/json',
      },
      '{}',
    )
    const [received] = upstream.received()
    expect(received?.['origin']).toBe('http://localhost:5173')
    expect(
      Object.keys(received ?? {}).filter((name) =>
        /^(referer|sec-fetch-(?!mode$)|x-forwarded-|forwarded$)/.test(name),
      ),
    ).toEqual([])
    // Node's fetch, the proxy's transport, marks every request it sends `Sec-Fetch-Mode: cors`
    expect(received?.['sec-fetch-mode']).toBe('cors')
  })
})

describe("'*' and the proxy's headers", () => {
  it('never go together: createProxyApp throws a TypeError naming --cors', () => {
    expect(() =>
      createProxyApp({
        target: 'http://127.0.0.1:1',
        cors: '*',
        headers: { authorization: STAGING_TOKEN },
      }),
    ).toThrow(TypeError)
    expect(() =>
      createProxyApp({
        target: 'http://127.0.0.1:1',
        cors: '*',
        headers: { authorization: STAGING_TOKEN },
      }),
    ).toThrow(/--cors ORIGIN/)
  })

  it('lets any page through when the proxy adds no header', async () => {
    const { upstream, proxy } = await proxied({ cors: '*', headers: {} })
    expect(
      (await send(`${proxy.url}/v1/workers`, 'POST', { origin: 'http://evil.example' }, '{}'))
        .status,
    ).toBe(200)
    expect(upstream.received()[0]?.['authorization']).toBeUndefined()
  })
})

describe('a service worker on the kit’s origins', () => {
  it.each(['/sw.js', '/v1/workers', '/__mock/', '/__mock/dashboard.js'])(
    'is refused by the proxy at %s with a 403 problem, before the target',
    async (path) => {
      const { upstream, proxy } = await proxied()
      const answer = await send(`${proxy.url}${path}`, 'GET', {
        'service-worker': 'script',
        'sec-fetch-site': 'same-origin',
        'sec-fetch-dest': 'serviceworker',
      })
      expect(answer.status).toBe(403)
      expect(answer.contentType).toMatch(/^application\/problem\+json/)
      expect(JSON.parse(answer.body).errors[0].pointer).toBe('/headers/service-worker')
      expect(upstream.requestCount()).toBe(0)
    },
  )

  it.each(['/sw.js', '/v1/workers', '/__mock/', '/__mock/requests', '/openapi.json', '/docs'])(
    'is refused by the mock at %s with a 403 problem',
    async (path) => {
      const mock = await startMockServer({ port: 0, host: '127.0.0.1' })
      servers.push(mock)
      const answer = await send(`${mock.url}${path}`, 'GET', { 'service-worker': 'script' })
      expect(answer.status).toBe(403)
      expect(JSON.parse(answer.body).errors[0].pointer).toBe('/headers/service-worker')
    },
  )
})

describe("the proxy's health and its target", () => {
  it('says whether the target answered lately, and why not when it did not', async () => {
    const { upstream, proxy } = await proxied()
    const health = async () =>
      JSON.parse((await send(`${proxy.url}/__mock/health`, 'GET', {})).body) as Record<
        string,
        unknown
      >
    const before = await health()
    expect(before).toMatchObject({
      status: 'ok',
      mode: 'proxy',
      targetReachable: null,
      targetAnsweredAt: null,
      targetFailure: null,
    })
    expect(before['target']).toBe(`${upstream.url}/`)

    await send(`${proxy.url}/v1/workers`, 'GET', {})
    const answered = await health()
    expect(answered['targetReachable']).toBe(true)
    expect(Date.parse(String(answered['targetAnsweredAt']))).not.toBeNaN()

    await upstream.close()
    expect((await send(`${proxy.url}/v1/workers`, 'GET', {})).status).toBe(502)
    const down = await health()
    expect(down).toMatchObject({
      targetReachable: false,
      targetAnsweredAt: answered['targetAnsweredAt'],
    })
    expect(down['targetFailure']).toMatchObject({
      at: expect.any(String),
      message: expect.any(String),
    })
  })
})

describe('the target URL', () => {
  it.each([
    ['user and password', 'http://user:pass@127.0.0.1:1', /put credentials in a header/],
    ['a user', 'http://token@127.0.0.1:1', /put credentials in a header/],
    ['a query', 'http://127.0.0.1:1/api?token=abc', /query or a fragment/],
    ['a fragment', 'http://127.0.0.1:1/#x', /query or a fragment/],
  ])('is refused with %s, as contract --base-url is', (_, target, message) => {
    expect(() => createProxyApp({ target })).toThrow(message)
  })
})
