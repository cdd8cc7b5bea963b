import { describe, expect, it } from 'vitest'
import { createMockApp, type MockAppOptions } from '../../src/mock/app.js'
import { OVER_NETWORK, pointersOf, type Sent, send } from '../helpers/send.js'

const EVIL = 'https://evil.example'
const APP_ORIGIN = 'http://localhost:5173'
const VALID = { name: 'kept', destination: 'local' }

/** An admin request as it arrives over the network, with exactly these headers. */
const admin = (
  app: ReturnType<typeof createMockApp>,
  method: string,
  path: string,
  headers: Record<string, string>,
) => app.request(`http://127.0.0.1:4010/__mock${path}`, { method, headers }, OVER_NETWORK)

const workerCount = (app: ReturnType<typeof createMockApp>) =>
  app.control.sessions.get('').store.workers.size

const build = async (options: MockAppOptions = {}) => {
  const app = createMockApp(options)
  await send(app, 'POST', '/v1/workers', VALID, {}, OVER_NETWORK)
  return app
}

const expectRefused = async (res: Response, status: number, pointer: string) => {
  const sent: Sent = {
    status: res.status,
    contentType: res.headers.get('content-type'),
    headers: res.headers,
    body: await res.json(),
    text: '',
  }
  expect.soft(sent.status).toBe(status)
  expect.soft(sent.contentType).toBe('application/problem+json')
  expect.soft(pointersOf(sent.body)).toEqual([pointer])
  expect.soft(res.headers.get('access-control-allow-origin')).toBeNull()
}

describe('admin guard', () => {
  it.each([
    ['GET', '/requests'],
    ['GET', '/state'],
    ['PUT', '/scenario'],
    ['DELETE', '/requests'],
  ])(
    'refuses %s /__mock%s from a page of another origin with a 403 and no CORS header',
    async (method, path) => {
      const app = await build()
      await expectRefused(
        await admin(app, method, path, { origin: EVIL, 'content-type': 'application/json' }),
        403,
        '/headers/origin',
      )
    },
  )

  it('refuses a no-cors reset from another origin and keeps the state', async () => {
    const app = await build()
    // What fetch(url, { method: 'POST', mode: 'no-cors' }) sends: a simple request with an Origin.
    const res = await admin(app, 'POST', '/reset', {
      origin: EVIL,
      'content-type': 'text/plain;charset=UTF-8',
    })
    await expectRefused(res, 403, '/headers/origin')
    expect(workerCount(app)).toBe(4)
  })

  it('refuses a no-cors reset from another origin even when --cors names a specific origin', async () => {
    const app = await build({ cors: APP_ORIGIN })
    await expectRefused(
      await admin(app, 'POST', '/reset', { origin: EVIL, 'content-type': 'text/plain' }),
      403,
      '/headers/origin',
    )
    expect(workerCount(app)).toBe(4)
  })

  it('refuses a page on another localhost port by default: only origins named with --cors reach the admin API', async () => {
    const app = await build()
    await expectRefused(
      await admin(app, 'GET', '/state', { origin: APP_ORIGIN }),
      403,
      '/headers/origin',
    )
  })

  it('answers an origin named with --cors, with its CORS headers and credentials', async () => {
    const app = await build({ cors: APP_ORIGIN })
    const res = await admin(app, 'GET', '/state', { origin: APP_ORIGIN })
    expect.soft(res.status).toBe(200)
    expect.soft(res.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN)
    expect.soft(res.headers.get('access-control-allow-credentials')).toBe('true')
  })

  it('answers its own origin (a page the mock serves)', async () => {
    const app = await build()
    const res = await admin(app, 'POST', '/reset', {
      origin: 'http://127.0.0.1:4010',
      'content-type': 'application/json',
    })
    expect(res.status).toBe(200)
  })

  it('refuses a request a browser marks cross-site even without an Origin header', async () => {
    const app = await build()
    await expectRefused(
      await admin(app, 'GET', '/requests', { 'sec-fetch-site': 'cross-site' }),
      403,
      '/headers/sec-fetch-site',
    )
  })

  it.each([
    ['no content type', {}],
    ['text/plain', { 'content-type': 'text/plain' }],
    ['a form', { 'content-type': 'application/x-www-form-urlencoded' }],
    ['multipart', { 'content-type': 'multipart/form-data; boundary=x' }],
  ])(
    'refuses a state change sent as a simple request (%s) with a 403 and keeps the state',
    async (_, headers) => {
      const app = await build()
      await expectRefused(await admin(app, 'POST', '/reset', headers), 403, '/headers/content-type')
      expect(workerCount(app)).toBe(4)
    },
  )

  it.each([
    ['application/json', { 'content-type': 'application/json' }],
    ['an x-mock-session header', { 'x-mock-session': 'default-test' }],
    ['an x-mock-admin header', { 'x-mock-admin': '1' }],
  ])('accepts a reset sent with %s (a browser would preflight it)', async (_, headers) => {
    const app = await build()
    const res = await admin(app, 'POST', '/reset', headers)
    expect(res.status).toBe(200)
  })

  it('reads the journal and state without an Origin (curl, tests, node)', async () => {
    const app = await build()
    expect.soft((await admin(app, 'GET', '/requests', {})).status).toBe(200)
    expect.soft((await admin(app, 'GET', '/state', {})).status).toBe(200)
  })

  it('answers a preflight to the admin API from another origin without any CORS header', async () => {
    const app = await build()
    const res = await admin(app, 'OPTIONS', '/reset', {
      origin: EVIL,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    })
    expect.soft(res.headers.get('access-control-allow-origin')).toBeNull()
    expect.soft(res.headers.get('access-control-allow-methods')).toBeNull()
  })

  it('requires a bearer token on the admin API in auth mode', async () => {
    const app = await build({ auth: true })
    const res = await admin(app, 'GET', '/state', {})
    await expectRefused(res, 401, '/headers/authorization')
    expect.soft(res.headers.get('www-authenticate')).toMatch(/^Bearer /)
    expect
      .soft((await admin(app, 'GET', '/state', { authorization: 'Bearer me' })).status)
      .toBe(200)
  })

  it.each([
    ['no token', 401, {}],
    ['a wrong bearer token', 401, { authorization: 'Bearer wrong-token' }],
    ['a token one character short', 401, { authorization: 'Bearer s3cret-admi' }],
    ['the bearer token', 200, { authorization: 'Bearer s3cret-admin' }],
    ['the x-mock-admin-token header', 200, { 'x-mock-admin-token': 's3cret-admin' }],
  ])('answers the admin API with an admin token given %s with %i', async (_, status, headers) => {
    const app = await build({ adminToken: 's3cret-admin' })
    const res = await admin(app, 'GET', '/state', headers)
    expect(res.status).toBe(status)
  })

  it('asks for the admin token in-process too, and leaves the API open', async () => {
    const app = createMockApp({ adminToken: 's3cret-admin' })
    expect.soft((await app.request('/__mock/state')).status).toBe(401)
    expect.soft((await send(app, 'POST', '/v1/workers', VALID)).status).toBe(201)
  })

  it('keeps the in-process admin API open to MSW (the page that runs it) and to simple writes without a network', async () => {
    const app = await build()
    const fromPage = await app.request(
      '/__mock/reset',
      { method: 'POST', headers: { origin: EVIL } },
      { fromHostPage: true },
    )
    expect.soft(fromPage.status).toBe(200)
    expect.soft((await app.request('/__mock/reset', { method: 'POST' })).status).toBe(200)
  })

  it('applies the origin rule in-process too: an app served by another server (app.fetch) is guarded', async () => {
    const app = await build()
    const res = await app.request('/__mock/reset', { method: 'POST', headers: { origin: EVIL } })
    await expectRefused(res, 403, '/headers/origin')
  })
})
