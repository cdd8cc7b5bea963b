import { request as httpRequest } from 'node:http'
import { describe, expect, it } from 'vitest'
import { startMockServer } from '../../src/mock/server.js'
import { createProxyApp } from '../../src/proxy/create-proxy-app.js'
import { startProxyServer } from '../../src/proxy/server.js'
import { cleanUpAfterEach } from '../helpers/clean-up.js'
import { API_ONLY, startHostileServer, unusedUrl } from '../helpers/hostile-server.js'

const { servers } = cleanUpAfterEach<{ close(): Promise<void> }>()

const CREATE = {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ name: 'through the proxy', destination: 'local' }),
}

/** A proxy on a real port in front of `target`; its log lines are collected. */
const proxyTo = async (
  target: string,
  options: { timeoutMs?: number; fallback?: boolean } = {},
) => {
  const lines: string[] = []
  const proxy = await startProxyServer({
    target,
    port: 0,
    log: (line) => lines.push(line),
    ...options,
  })
  servers.push(proxy)
  return { proxy, lines }
}

describe('the proxy when the target fails', () => {
  it('answers a 502 problem naming the target at once when nothing listens there', async () => {
    const target = await unusedUrl()
    const { proxy, lines } = await proxyTo(target)
    const started = performance.now()
    const res = await fetch(`${proxy.url}/v1/workers`, CREATE)
    expect(performance.now() - started).toBeLessThan(3_000)
    expect(res.status).toBe(502)
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/)
    const problem = (await res.json()) as { title: string; detail: string }
    expect(problem.title).toBe('Bad gateway')
    expect(problem.detail).toContain(target)
    expect(lines.some((line) => line.startsWith('POST /v1/workers 502 '))).toBe(true)
  })

  it('answers a 504 problem after --timeout when the target hangs, and names `responds`', async () => {
    const target = await startHostileServer('hang', { appliesTo: API_ONLY })
    servers.push(target)
    const { proxy, lines } = await proxyTo(target.url, { timeoutMs: 200 })
    const started = performance.now()
    const res = await fetch(`${proxy.url}/v1/workers`, CREATE)
    expect(performance.now() - started).toBeLessThan(3_000)
    expect(res.status).toBe(504)
    expect(((await res.json()) as { detail: string }).detail).toContain('200 ms')
    expect(lines.find((line) => line.startsWith('POST /v1/workers 504'))).toContain('✗ responds')
    const [entry] = proxy.app.journal.list()
    expect(entry?.violations?.map((v) => v.check)).toEqual(['responds'])
  })

  it.each(['reset', 'truncated', 'non-json'] as const)(
    'a target that answers `%s` gets a verdict, never a crash of the proxy',
    async (behaviour) => {
      const target = await startHostileServer(behaviour, { appliesTo: API_ONLY })
      servers.push(target)
      const { proxy } = await proxyTo(target.url, { timeoutMs: 2_000 })
      const res = await fetch(`${proxy.url}/v1/workers`, CREATE)
      expect([200, 201, 502]).toContain(res.status)
      await res.arrayBuffer()
      const [entry] = proxy.app.journal.list()
      expect(entry?.violations?.length).toBeGreaterThan(0)
    },
  )

  it('answers from the mock with --fallback, marked x-mock-fallback, and says so in the log', async () => {
    const target = await unusedUrl()
    const { proxy, lines } = await proxyTo(target, { fallback: true })
    const res = await fetch(`${proxy.url}/v1/workers`, CREATE)
    expect(res.status).toBe(201)
    expect(res.headers.get('x-mock-fallback')).toBe('true')
    const body = (await res.json()) as { worker: { name: string } }
    expect(body.worker.name).toBe('through the proxy')
    expect(lines.some((line) => line.includes('201') && line.includes('(fallback)'))).toBe(true)
    expect(proxy.app.journal.list()[0]?.source).toBe('fallback')
  })
})

describe('the proxy in front of a real mock over the network', () => {
  it('forwards, judges and journals; gzip answers reach the caller decoded and whole', async () => {
    const mock = await startMockServer({ port: 0 })
    servers.push(mock)
    const { proxy, lines } = await proxyTo(mock.url)
    const res = await fetch(`${proxy.url}/v1/workers`, {
      ...CREATE,
      headers: { ...CREATE.headers, 'accept-encoding': 'gzip' },
    })
    expect(res.status).toBe(201)
    const body = (await res.json()) as { worker: { id: string } }
    expect(body.worker.id).toMatch(/^wrk_/)
    expect(lines.find((line) => line.startsWith('POST /v1/workers 201'))).not.toContain('✗')
    const renamed = await fetch(`${proxy.url}/v1/workers/${body.worker.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'renamed' }),
    })
    expect(renamed.status).toBe(200)
    expect(proxy.app.journal.list().flatMap((e) => e.violations ?? [])).toEqual([])
  })

  it('refuses a body over its limit with a 413 problem, and forwards nothing', async () => {
    const app = createProxyApp({
      target: 'http://target.test',
      fetch: () => {
        throw new Error('must not be called')
      },
    })
    const res = await app.request('/v1/workers', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(9 * 1024 * 1024),
    })
    expect(res.status).toBe(413)
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/)
  })

  it('refuses a target that is not an http(s) URL', () => {
    expect(() => createProxyApp({ target: 'file:///etc/passwd' })).toThrow(/http/)
    expect(() => createProxyApp({ target: 'staging' })).toThrow(/http/)
  })
})

describe('the proxy and the headers of a connection', () => {
  it('answers a request sent with Expect: 100-continue (curl sends it for bodies over 1 MiB)', async () => {
    const mock = await startMockServer({ port: 0 })
    servers.push(mock)
    const { proxy } = await proxyTo(mock.url)
    const body = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), destination: 'local' })
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        `${proxy.url}/v1/workers`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', expect: '100-continue' },
          timeout: 10_000,
        },
        (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        },
      )
      req.on('continue', () => req.end(body))
      req.on('error', reject)
    })
    // the mock's own 413 (1 MiB), forwarded: the body reached the target
    expect(status).toBe(413)
    expect(proxy.app.journal.list()[0]?.source).toBe('target')
  })

  it('drops the headers an answer names in its Connection header', async () => {
    const proxy = createProxyApp({
      target: 'http://target.test',
      fetch: () =>
        new Response('{}', {
          status: 404,
          headers: { connection: 'x-hop', 'x-hop': 'one connection only', 'x-kept': 'yes' },
        }),
    })
    const res = await proxy.request('/v1/other')
    expect(res.headers.get('x-hop')).toBeNull()
    expect(res.headers.get('x-kept')).toBe('yes')
  })

  it('answers a 508 problem when its target sends the request back to it, and stops there', async () => {
    let reached = 0
    const proxy: ReturnType<typeof createProxyApp> = createProxyApp({
      target: 'http://127.0.0.1:4010',
      fetch: async (input, init) => {
        reached++
        return proxy.request(input, init)
      },
    })
    const res = await proxy.request('/v1/workers', CREATE)
    expect(res.status).toBe(508)
    expect(reached).toBe(1)
    // The request that came round is refused before anything; the first one is journalled with
    // the 508 its "target" answered, a server error.
    const entries = proxy.journal.list()
    expect(entries.map((e) => e.status)).toEqual([508])
    expect(entries[0]?.violations?.map((v) => v.check)).toContain('no-server-error')
  })
})
