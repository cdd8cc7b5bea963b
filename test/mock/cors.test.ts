import { describe, expect, it } from 'vitest'
import { createMockApp, type MockAppOptions } from '../../src/mock/app.js'
import { defineScenario } from '../../src/mock/scenario.js'
import { send } from '../helpers/send.js'

const VALID = { name: 'w', destination: 'local' }

const createFrom = (
  options: MockAppOptions,
  origin: string,
  headers: Record<string, string> = {},
) => send(createMockApp(options), 'POST', '/v1/workers', VALID, { origin, ...headers })

const preflight = (options: MockAppOptions, origin: string, extra: Record<string, string> = {}) =>
  createMockApp(options).request('/v1/workers', {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
      ...extra,
    },
  })

describe('cors', () => {
  it.each([
    'http://localhost:5173',
    'http://localhost',
    'https://app.localhost:8443',
    'http://127.0.0.1:3000',
    'http://[::1]:8080',
  ])('lets a page on %s read the API by default, with credentials', async (origin) => {
    const res = await createFrom({}, origin)
    expect.soft(res.headers.get('access-control-allow-origin')).toBe(origin)
    expect.soft(res.headers.get('access-control-allow-credentials')).toBe('true')
    expect.soft(res.headers.get('vary')).toMatch(/Origin/)
  })

  it.each([
    'https://evil.example',
    'http://localhost.evil.example',
    'http://127.0.0.1.evil.example',
    'null',
  ])('gives a page on %s no CORS header by default', async (origin) => {
    const res = await createFrom({}, origin)
    expect.soft(res.headers.get('access-control-allow-origin')).toBeNull()
    expect.soft(res.headers.get('access-control-allow-credentials')).toBeNull()
    const pre = await preflight({}, origin)
    expect.soft(pre.headers.get('access-control-allow-origin')).toBeNull()
  })

  it("answers any page with '*' and no credentials when asked for '*'", async () => {
    const res = await createFrom({ cors: '*' }, 'https://anywhere.example')
    expect.soft(res.headers.get('access-control-allow-origin')).toBe('*')
    expect.soft(res.headers.get('access-control-allow-credentials')).toBeNull()
  })

  it('echoes a configured origin with credentials and Vary: Origin, and refuses others', async () => {
    const options = { cors: ['https://app.example', 'http://localhost:5173'] }
    const res = await createFrom(options, 'https://app.example')
    expect.soft(res.headers.get('access-control-allow-origin')).toBe('https://app.example')
    expect.soft(res.headers.get('access-control-allow-credentials')).toBe('true')
    expect.soft(res.headers.get('vary')).toMatch(/Origin/)
    const other = await createFrom(options, 'http://localhost:3000')
    expect.soft(other.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('answers a preflight with credentials and the Private Network Access grant for an allowed page', async () => {
    const res = await preflight({ cors: 'https://app.example' }, 'https://app.example', {
      'access-control-request-private-network': 'true',
    })
    expect.soft(res.status).toBe(204)
    expect.soft(res.headers.get('access-control-allow-credentials')).toBe('true')
    expect.soft(res.headers.get('access-control-allow-private-network')).toBe('true')
    expect.soft(res.headers.get('access-control-allow-headers')).toBe('content-type')
  })

  it('exposes WWW-Authenticate, Retry-After, Allow and Location to pages', async () => {
    const origin = 'http://localhost:5173'
    const unauthorized = await createFrom({ auth: true }, origin)
    expect.soft(unauthorized.status).toBe(401)
    const exposed = (res: { headers: Headers }) =>
      res.headers.get('access-control-expose-headers')?.split(/,\s*/) ?? []
    expect
      .soft(exposed(unauthorized))
      .toEqual(expect.arrayContaining(['www-authenticate', 'retry-after', 'allow', 'location']))
  })

  it("exposes the headers a scenario rule sets on its answer, by name (credentials do not honour '*')", async () => {
    const respond = {
      status: 202,
      body: { queued: true },
      headers: { 'x-queue-position': '3', location: '/v1/queue/3' },
    }
    const app = createMockApp({
      scenario: defineScenario({ name: 'queued', rules: [{ respond }] }),
    })
    const res = await send(app, 'POST', '/v1/workers', VALID, { origin: 'http://localhost:5173' })
    expect.soft(res.status).toBe(202)
    expect.soft(res.headers.get('x-queue-position')).toBe('3')
    expect
      .soft(res.headers.get('access-control-expose-headers')?.split(/,\s*/))
      .toEqual(expect.arrayContaining(['x-queue-position', 'location']))
  })

  it('sends no CORS header at all when CORS is off', async () => {
    const res = await createFrom({ cors: false }, 'http://localhost:5173')
    expect.soft(res.headers.get('access-control-allow-origin')).toBeNull()
    expect.soft(res.headers.get('vary')).toBeNull()
  })
})
