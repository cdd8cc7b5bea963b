import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { DEFAULT_BASE_URL, serversFor } from '../../src/api/document.js'
import { createMockApp } from '../../src/mock/app.js'
import { Problem } from '../../src/schemas/problem.js'
import { providerPath } from '../helpers/requests.js'
import { OVER_NETWORK, send } from '../helpers/send.js'

const COMMITTED = new URL('../../openapi/openapi.json', import.meta.url)

describe('http surface', () => {
  it('serves the committed OpenAPI document, examples included, its servers naming the mock', async () => {
    const res = await createMockApp().request('http://127.0.0.1:4999/openapi.json')
    expect(res.status).toBe(200)
    const { servers, ...served } = (await res.json()) as { servers: unknown } // test: read
    const { servers: committedServers, ...committed } = JSON.parse(readFileSync(COMMITTED, 'utf8'))
    expect(served).toEqual(committed)
    expect(servers).toEqual(serversFor('http://127.0.0.1:4999'))
    expect(committedServers).toEqual(serversFor(DEFAULT_BASE_URL))
  })

  it('names the origin it was called on, a loopback or allowed host, and no other', async () => {
    const app = createMockApp({ allowedHosts: ['mock.test'] })
    for (const origin of ['http://localhost:5173', 'http://mock.test:8080']) {
      const host = new URL(origin).host
      const res = await app.request(`${origin}/openapi.json`, { headers: { host } }, OVER_NETWORK)
      expect.soft(((await res.json()) as { servers: unknown }).servers).toEqual(serversFor(origin))
    }
    const foreign = await app.request(
      'http://rebind.example/openapi.json',
      { headers: { host: 'rebind.example' } },
      OVER_NETWORK,
    )
    expect.soft(foreign.status).toBe(403)
    expect.soft(await foreign.json()).not.toHaveProperty('servers')
  })

  it('serves an interactive reference at /docs that loads /openapi.json', async () => {
    const res = await createMockApp().request('/docs')
    expect.soft(res.status).toBe(200)
    expect.soft(res.headers.get('content-type')).toMatch(/^text\/html/)
    expect.soft(await res.text()).toContain('/openapi.json')
  })

  it('answers an unknown route with a 404 problem', async () => {
    const res = await send(createMockApp(), 'GET', '/v2/nothing')
    expect.soft(res.status).toBe(404)
    expect.soft(res.contentType).toBe('application/problem+json')
    expect.soft(Problem.parse(res.body).type).toBe('urn:worker-api-kit:problem:not-found')
  })

  it.each([
    ['GET', '/v1/workers', 'POST'],
    ['DELETE', '/v1/workers/wrk_01h2xcejqtf2nbrexx3vqjhp41', 'PATCH'],
    ['PUT', '/v1/orgs/o/llm-providers/p', 'PATCH'],
  ])('answers %s %s with 405 and Allow: %s', async (method, path, allow) => {
    const res = await send(createMockApp(), method, path)
    expect.soft(res.status).toBe(405)
    expect.soft(res.headers.get('allow')).toBe(allow)
    expect.soft(Problem.parse(res.body).status).toBe(405)
  })

  it('answers a CORS preflight from a page on localhost by default, echoing its origin', async () => {
    const res = await createMockApp().request('/v1/workers', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'content-type, authorization',
      },
    })
    expect.soft(res.status).toBe(204)
    expect.soft(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    expect.soft(res.headers.get('access-control-allow-credentials')).toBe('true')
    expect.soft(res.headers.get('access-control-allow-methods')).toContain('PATCH')
    expect
      .soft(res.headers.get('access-control-allow-headers')?.split(/,\s*/))
      .toEqual(['content-type', 'authorization'])
  })

  it('allows only the configured CORS origin, and none when CORS is off', async () => {
    const only = await send(
      createMockApp({ cors: 'http://app.test' }),
      'POST',
      '/v1/workers',
      {},
      { origin: 'http://app.test' },
    )
    expect(only.headers.get('access-control-allow-origin')).toBe('http://app.test')
    const off = await send(
      createMockApp({ cors: false }),
      'POST',
      '/v1/workers',
      {},
      { origin: 'http://app.test' },
    )
    expect(off.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('logs one line per request with method, path, status and time, and no secret', async () => {
    const lines: string[] = []
    const app = createMockApp({ log: (line) => lines.push(line) })
    await send(
      app,
      'POST',
      '/v1/workers',
      { name: 'a', destination: 'local' },
      { authorization: 'Bearer PLANTED-TOKEN-1' },
    )
    await send(app, 'PATCH', providerPath(app), {
      source: 'custom',
      apiKey: 'sk-PLANTED-KEY-123456789',
    })
    expect(lines).toHaveLength(2)
    expect.soft(lines[0]).toMatch(/^POST \/v1\/workers 201 \d+\.\dms$/)
    expect
      .soft(lines[1])
      .toMatch(/^PATCH \/v1\/orgs\/org_\w+\/llm-providers\/lpr_\w+ 200 \d+\.\dms$/)
    expect.soft(lines.join('\n')).not.toMatch(/PLANTED/)
  })

  it('describes itself at /', async () => {
    const app = createMockApp()
    const res = await send(app, 'GET', '/')
    expect(res.body).toMatchObject({ docs: '/docs', openapi: '/openapi.json', ...app.ids })
  })
})
