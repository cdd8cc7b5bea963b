// GET /__mock/ and its files read what the build writes into dist/dashboard: `npm test` builds
// first; alone, run `npm run build` before vitest.
import { z } from '@hono/zod-openapi'
import { describe, expect, it } from 'vitest'
import { createMockApp, type MockAppOptions } from '../../src/mock/app.js'
import { DASHBOARD_ASSET_TYPES } from '../../src/server/dashboard/dashboard-path.js'
import { OVER_NETWORK, send } from '../helpers/send.js'

const MOCK = 'http://127.0.0.1:4010'

/** A GET as a browser sends it over the network: same-origin unless the headers say otherwise. */
const get = (
  app: ReturnType<typeof createMockApp>,
  path: string,
  headers: Record<string, string> = {},
) => app.request(`${MOCK}${path}`, { headers }, OVER_NETWORK)

const directives = (policy: string | null) =>
  new Map(
    (policy ?? '').split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/)
      return [name, sources] as const
    }),
  )

const PAGE_AND_ASSETS = [
  '/__mock/',
  ...Object.keys(DASHBOARD_ASSET_TYPES).map((n) => `/__mock/dashboard/${n}`),
]

const Health = z.object({
  status: z.literal('ok'),
  mode: z.literal('mock'),
  scenario: z.string(),
  orgId: z.string(),
  llmProviderId: z.string(),
  contract: z.string(),
})

describe('dashboard', () => {
  it('serves a page that loads only its own two files and names no other host', async () => {
    const res = await get(createMockApp(), '/__mock/')
    const html = await res.text()
    expect.soft(res.status).toBe(200)
    expect.soft(res.headers.get('content-type')).toMatch(/^text\/html/)
    expect.soft(html).not.toMatch(/\b(?:https?:)?\/\/[a-z0-9]/i)
    expect.soft(html).not.toMatch(/<script(?![^>]*\bsrc=)/) // no inline script
    expect.soft(html).not.toMatch(/\sstyle=|<style/) // no inline style
    const loaded = [...html.matchAll(/\b(?:src|href)="([^"]*)"/g)].map((m) => m[1])
    expect
      .soft(loaded.sort())
      .toEqual(['/__mock/dashboard/dashboard.css', '/__mock/dashboard/dashboard.js', 'data:,'])
  })

  it.each(PAGE_AND_ASSETS)(
    'serves %s with a strict policy, nosniff, no referrer, no-store',
    async (path) => {
      const res = await get(createMockApp(), path)
      expect.soft(res.status).toBe(200)
      const policy = directives(res.headers.get('content-security-policy'))
      expect.soft(policy.get('default-src')).toEqual(["'none'"])
      expect.soft(policy.get('script-src')).toEqual(["'self'"])
      expect.soft(policy.get('style-src')).toEqual(["'self'"])
      expect.soft(policy.get('connect-src')).toEqual(["'self'"])
      expect.soft(policy.get('img-src')).toEqual(["'self'", 'data:'])
      expect.soft(policy.get('frame-ancestors')).toEqual(["'none'"])
      expect.soft(policy.get('base-uri')).toEqual(["'none'"])
      expect.soft(policy.get('form-action')).toEqual(["'none'"])
      expect.soft(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect.soft(res.headers.get('referrer-policy')).toBe('no-referrer')
      expect.soft(res.headers.get('cache-control')).toBe('no-store')
    },
  )

  it.each([
    ['dashboard.js', /^text\/javascript/],
    ['dashboard.css', /^text\/css/],
  ])('serves %s with its content type', async (name, type) => {
    const res = await get(createMockApp(), `/__mock/dashboard/${name}`)
    expect.soft(res.status).toBe(200)
    expect.soft(res.headers.get('content-type')).toMatch(type)
    expect.soft((await res.text()).length).toBeGreaterThan(500)
  })

  it.each([
    '/__mock/dashboard/main.ts',
    '/__mock/dashboard/..%2f..%2fpackage.json',
    '/__mock/dashboard/%2e%2e/%2e%2e/package.json',
    '/__mock/dashboard/dashboard.js.map',
    '/__mock/dashboard/',
    '/__mock/dashboard/constructor',
  ])('serves nothing but its allow-list: %s is a 404', async (path) => {
    const res = await get(createMockApp(), path)
    expect.soft(res.status).toBe(404)
    expect.soft(await res.text()).not.toMatch(/"name":\s*"worker-api-kit"/)
  })

  it('is named by GET /, next to the docs', async () => {
    const res = await send(createMockApp(), 'GET', '/')
    expect(res.body).toMatchObject({ docs: '/docs', dashboard: '/__mock/' })
  })

  it.each<[string, MockAppOptions]>([
    ['--admin-token', { adminToken: 'let-me-in' }],
    ['--auth', { auth: true }],
  ])(
    'serves the page and its files past %s, while every data call needs the token',
    async (_, options) => {
      const app = createMockApp(options)
      for (const path of PAGE_AND_ASSETS) expect.soft((await get(app, path)).status, path).toBe(200)
      for (const path of [
        '/__mock/health',
        '/__mock/requests',
        '/__mock/sessions',
        '/__mock/state',
        '/__mock/scenarios',
      ])
        expect.soft((await get(app, path)).status, path).toBe(401)
      const token = { 'x-mock-admin-token': 'let-me-in' }
      expect.soft((await get(app, '/__mock/requests', token)).status).toBe(200)
      const reset = await send(app, 'POST', '/__mock/reset', undefined, token, OVER_NETWORK)
      expect.soft(reset.status).toBe(200)
    },
  )

  it('refuses a wrong token sent the way the page sends it', async () => {
    const app = createMockApp({ adminToken: 'let-me-in' })
    expect((await get(app, '/__mock/requests', { 'x-mock-admin-token': 'guess' })).status).toBe(401)
  })

  it.each([
    ['a page of another origin', { origin: 'https://evil.example' }],
    ['a cross-site navigation', { 'sec-fetch-site': 'cross-site' }],
    ['a same-site page (another port of the host)', { 'sec-fetch-site': 'same-site' }],
  ])('refuses the page and its files to %s', async (_, headers) => {
    const app = createMockApp()
    for (const path of PAGE_AND_ASSETS)
      expect.soft((await get(app, path, headers)).status, path).toBe(403)
  })

  it('refuses the page under a Host it does not answer (DNS rebinding)', async () => {
    const app = createMockApp()
    for (const path of PAGE_AND_ASSETS) {
      const res = await get(app, path, { host: 'rebind.example:4010' })
      expect.soft(res.status, path).toBe(403)
    }
  })

  it('serves the page to a same-origin request and to a typed-in address', async () => {
    const app = createMockApp()
    expect.soft((await get(app, '/__mock/', { origin: MOCK })).status).toBe(200)
    expect.soft((await get(app, '/__mock/', { 'sec-fetch-site': 'none' })).status).toBe(200)
    expect.soft((await get(app, '/__mock/', { 'sec-fetch-site': 'same-origin' })).status).toBe(200)
  })

  it('lists the sessions with their scenario, workers and bytes', async () => {
    const app = createMockApp()
    await send(
      app,
      'POST',
      '/v1/workers',
      { name: 'a', destination: 'local' },
      { 'x-mock-session': 'one', 'x-mock-scenario': 'empty' },
    )
    const res = await send(app, 'GET', '/__mock/sessions')
    const { sessions } = z
      .object({
        sessions: z.array(
          z.object({
            id: z.string(),
            scenario: z.string(),
            workers: z.number(),
            bytes: z.number(),
          }),
        ),
      })
      .parse(res.body)
    expect.soft(sessions.map((s) => s.id).sort()).toEqual(['', 'one'])
    expect
      .soft(sessions.find((s) => s.id === 'one'))
      .toMatchObject({ scenario: 'empty', workers: 1 })
    expect.soft(sessions.find((s) => s.id === 'one')?.bytes).toBeGreaterThan(0)
  })

  it('keeps the sessions in their least-recently-used order when it lists them', async () => {
    const app = createMockApp({ limits: { maxSessions: 3 } })
    for (const id of ['a', 'b'])
      await send(app, 'GET', '/__mock/state', undefined, { 'x-mock-session': id })
    await send(app, 'GET', '/__mock/sessions')
    // `''` is the oldest (the listing's own request used it last, though: it is the newest), then a
    await send(app, 'GET', '/__mock/state', undefined, { 'x-mock-session': 'c' })
    // The bound is kept as the next request enters (a refused request's session pushes no other
    // out): c's second request drops a, the least recently used.
    await send(app, 'GET', '/__mock/state', undefined, { 'x-mock-session': 'c' })
    expect(app.control.sessions.ids()).toEqual(['b', '', 'c'])
  })

  it.each<[string, MockAppOptions, boolean]>([
    ['without auth', {}, false],
    ['under --auth', { auth: true }, true],
  ])('tells in health the mode, the ids and the contract line %s', async (_, options, isAuth) => {
    const app = createMockApp(options)
    const res = await send(
      app,
      'GET',
      `${MOCK}/__mock/health`,
      undefined,
      isAuth ? { authorization: 'Bearer x' } : {},
    )
    const health = Health.parse(res.body)
    expect.soft(health.orgId).toBe(app.ids.orgId)
    expect.soft(health.llmProviderId).toBe(app.ids.llmProviderId)
    expect
      .soft(health.contract)
      .toBe(
        `npx --no-install worker-api-kit contract --base-url ${MOCK} --org-id ${app.ids.orgId} --llm-provider-id ${app.ids.llmProviderId} -H 'x-mock-session: contract'${isAuth ? " -H 'Authorization: Bearer contract-run'" : ''}`,
      )
  })

  it('tells in the state when each worker next changes status, and to what', async () => {
    let now = Date.UTC(2026, 5, 1)
    const app = createMockApp({ clock: () => now })
    const headers = { 'x-mock-session': 'life', 'x-mock-scenario': 'empty' }
    await send(app, 'POST', '/v1/workers', { name: 'cloudy', destination: 'cloud' }, headers)
    const read = async () => {
      const res = await send(app, 'GET', '/__mock/state', undefined, headers)
      return z.object({ workers: z.array(z.object({ nextChange: z.unknown() })) }).parse(res.body)
        .workers[0]?.nextChange
    }
    expect
      .soft(await read())
      .toEqual({ at: new Date(now + 10_000).toISOString(), status: 'starting' })
    now += 60_000
    expect.soft(await read()).toBeNull()
  })
})
