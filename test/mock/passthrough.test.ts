// `--passthrough URL`: the mock answers what it declares, and every other method and path goes on
// to the app's real backend, under the same origin rule, its headers handled as the proxy's are,
// journalled and masked, marked as passed through. Over HTTP, against a backend started here.
import { createServer, type IncomingHttpHeaders, request, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type MockServer, startMockServer } from '../../src/mock/server.js'

/** What the backend saw of each request. */
type Seen = { method: string; url: string; headers: IncomingHttpHeaders; body: string }

const PASSWORD = 'hunter2-passthrough-Secret-9f3a'
const TOKEN = 'tok_passthrough_0123456789abcdefghij'

let backend: Server
let backendUrl: string
const seen: Seen[] = []
let mock: MockServer
let bare: MockServer

beforeAll(async () => {
  backend = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => {
      body += chunk
    })
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body })
      if (req.url === '/auth/login') {
        res.writeHead(200, {
          'content-type': 'application/json',
          'set-cookie': ['session=s3ss10n-cookie-value-abcdef; HttpOnly', 'theme=dark'],
          'access-control-allow-origin': 'https://backend-says.example',
          'x-backend': 'yes',
        })
        res.end(JSON.stringify({ access_token: TOKEN, user: 'dev' }))
        return
      }
      if (req.url?.startsWith('/v1/workers?') && req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'application/json', connection: 'keep-alive' })
        res.end(JSON.stringify({ workers: [{ id: 'from-the-backend' }] }))
        return
      }
      if (req.url?.startsWith('/echo')) {
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ youAsked: req.url }))
        return
      }
      if (req.url === '/page') {
        res.writeHead(200, { 'content-type': 'text/html' })
        res.end('<script>fetch("/__mock/requests")</script>')
        return
      }
      if (req.url?.startsWith('/empty')) {
        res.writeHead(204)
        res.end()
        return
      }
      res.writeHead(418, { 'content-type': 'text/plain' })
      res.end('teapot')
    })
  })
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve))
  const address = backend.address()
  backendUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  ;[mock, bare] = await Promise.all([
    startMockServer({ port: 0, host: '127.0.0.1', passthrough: backendUrl }),
    startMockServer({ port: 0, host: '127.0.0.1' }),
  ])
})
afterAll(async () => {
  await Promise.all([mock?.close(), bare?.close()])
  await new Promise((resolve) => backend?.close(resolve))
})

const journal = async (url: string) =>
  (
    (await (await fetch(`${url}/__mock/requests`)).json()) as {
      entries: {
        method: string
        path: string
        status: number
        source?: string
        operationId: string | null
        request: { body: unknown; headers: Record<string, string> }
        response: { body: unknown; headers: Record<string, string> }
      }[]
    }
  ).entries

describe('the mock with --passthrough', () => {
  it('answers a declared operation itself and sends an undeclared one to the backend, the journal showing both', async () => {
    const before = seen.length
    const created = await fetch(`${mock.url}/v1/workers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'mocked', destination: 'local' }),
    })
    expect(created.status).toBe(201)
    expect(seen.length).toBe(before) // the backend never saw the create
    const listed = await fetch(`${mock.url}/v1/workers?limit=5`)
    expect(listed.status).toBe(200)
    expect(await listed.json()).toEqual({ workers: [{ id: 'from-the-backend' }] })
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/v1/workers?limit=5' })
    const entries = await journal(mock.url)
    const [create, list] = entries.slice(-2)
    expect.soft(create).toMatchObject({ operationId: 'createWorker', status: 201 })
    expect.soft(create?.source).toBeUndefined()
    expect
      .soft(list)
      .toMatchObject({ method: 'GET', path: '/v1/workers', status: 200, source: 'passthrough' })
  })

  it('forwards other paths and methods with their body, the hop-by-hop and kit headers dropped, Via added', async () => {
    const body = JSON.stringify({ user: 'dev', password: PASSWORD })
    const answer = await new Promise<{ status: number; headers: IncomingHttpHeaders }>(
      (resolve, reject) => {
        const req = request(
          `${mock.url}/auth/login`,
          {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-mock-session': 'passthrough-session',
              connection: 'x-drop-me',
              'x-drop-me': 'hop',
              authorization: `Bearer ${TOKEN}`,
            },
            timeout: 5_000,
          },
          (res) => {
            res.resume()
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }))
          },
        )
        req.on('error', reject)
        req.end(body)
      },
    )
    expect(answer.status).toBe(200)
    expect(answer.headers['x-backend']).toBe('yes')
    expect(answer.headers['set-cookie']).toHaveLength(2)
    const got = seen.at(-1)
    expect.soft(got?.body).toBe(body)
    expect.soft(got?.headers['x-mock-session']).toBeUndefined()
    expect.soft(got?.headers['x-drop-me']).toBeUndefined()
    expect.soft(got?.headers.authorization).toBe(`Bearer ${TOKEN}`)
    expect.soft(got?.headers.via).toMatch(/worker-api-kit-mock/)
  })

  it('journals what it passed through with its secrets masked: the password, the token, the cookie', async () => {
    const entries = await journal(mock.url)
    const text = JSON.stringify(entries)
    expect
      .soft(entries.some((e) => e.path === '/auth/login' && e.source === 'passthrough'))
      .toBe(true)
    expect.soft(text).not.toContain(PASSWORD)
    expect.soft(text).not.toContain(TOKEN)
    expect.soft(text).not.toContain('s3ss10n-cookie-value-abcdef')
  })

  it('masks a secret of the query wherever the backend echoes it, in the journal and its HAR', async () => {
    const key = 'QSECRET-passthrough-query-0123456789'
    const res = await fetch(`${mock.url}/echo?api_key=${key}&x=1`, {
      headers: { 'x-mock-session': 'query-secret' },
    })
    expect(await res.text()).toContain(key) // the app gets its own answer whole
    const journalled = await (
      await fetch(`${mock.url}/__mock/requests?session=query-secret`)
    ).text()
    const har = await (await fetch(`${mock.url}/__mock/requests.har?session=query-secret`)).text()
    expect.soft(journalled).toContain('/echo')
    expect.soft(journalled).not.toContain(key)
    expect.soft(har).not.toContain(key)
  })

  it("serves the backend's HTML never sniffed and sandboxed: it runs no script on the mock's origin", async () => {
    const res = await fetch(`${mock.url}/page`)
    expect(res.status).toBe(200)
    expect.soft(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect.soft(res.headers.get('content-security-policy')).toMatch(/sandbox/)
  })

  it("answers with the mock's CORS for a page on a loopback origin, not the backend's", async () => {
    const res = await fetch(`${mock.url}/auth/login`, {
      method: 'POST',
      headers: { origin: 'http://localhost:5173', 'content-type': 'application/json' },
      body: '{}',
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
  })

  it('passes a 204 and a HEAD on with no body, and a wrong method on a declared path too', async () => {
    expect((await fetch(`${mock.url}/empty`)).status).toBe(204)
    const teapot = await fetch(`${mock.url}/v1/workers/wrk_01h455vb4pex5vsknk084sn02q`, {
      method: 'DELETE',
    })
    expect(teapot.status).toBe(418)
    expect(await teapot.text()).toBe('teapot')
  })

  it('refuses a page of another site before the backend sees it', async () => {
    const before = seen.length
    const res = await fetch(`${mock.url}/auth/login`, {
      method: 'POST',
      headers: { origin: 'http://evil.example', 'content-type': 'text/plain' },
      body: '{}',
    })
    expect(res.status).toBe(403)
    expect(seen.length).toBe(before)
  })

  it('keeps its own admin API, docs and document, whatever the method: never passed through', async () => {
    const before = seen.length
    for (const path of ['/__mock/health', '/openapi.json', '/__mock/no-such-thing'])
      await fetch(`${mock.url}${path}`)
    for (const [method, path] of [
      ['POST', '/'],
      ['DELETE', '/openapi.json'],
      ['PUT', '/docs'],
      ['POST', '/docs/init.js'],
    ] as const)
      expect
        .soft((await fetch(`${mock.url}${path}`, { method })).status, `${method} ${path}`)
        .not.toBe(200)
    expect(seen.length).toBe(before)
    expect((await fetch(`${mock.url}/__mock/no-such-thing`)).status).toBe(404)
  })

  it('answers a 502 problem naming the backend when it gives no answer, and a 508 when it is the mock itself', async () => {
    const down = await startMockServer({
      port: 0,
      host: '127.0.0.1',
      passthrough: 'http://127.0.0.1:1',
    })
    try {
      const res = await fetch(`${down.url}/anything`)
      expect.soft(res.status).toBe(502)
      expect.soft(res.headers.get('content-type')).toBe('application/problem+json')
      expect.soft(((await res.json()) as { detail: string }).detail).toContain('--passthrough')
    } finally {
      await down.close()
    }
    const looped = await startMockServer({ port: 0, host: '127.0.0.1' })
    const loop = await startMockServer({ port: 0, host: '127.0.0.1', passthrough: looped.url })
    try {
      // The mock in front passes to a mock that has no passthrough: its own 404.
      expect((await fetch(`${loop.url}/anything`)).status).toBe(404)
      // A request that already went through a mock once is not sent on again.
      const twice = await fetch(`${loop.url}/anything`, {
        headers: { via: '1.1 worker-api-kit-mock' },
      })
      expect(twice.status).toBe(508)
    } finally {
      await Promise.all([loop.close(), looped.close()])
    }
  })
})

describe('the mock without --passthrough', () => {
  it('answers an undeclared path with a 404 problem that names the flag', async () => {
    const res = await fetch(`${bare.url}/auth/login`, { method: 'POST' })
    expect(res.status).toBe(404)
    expect(((await res.json()) as { detail: string }).detail).toContain('--passthrough URL')
    const list = await fetch(`${bare.url}/v1/workers`)
    expect(list.status).toBe(405)
  })

  it('refuses a passthrough that is not an http(s) URL, or that carries credentials, at start', async () => {
    await expect(startMockServer({ port: 0, passthrough: 'ftp://x' })).rejects.toThrow(
      /--passthrough/,
    )
    await expect(
      startMockServer({ port: 0, passthrough: 'https://user:pw@api.example.com' }),
    ).rejects.toThrow(/credentials/)
  })
})
