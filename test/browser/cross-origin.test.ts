// A real browser on pages of other origins, against a real mock: what CORS and the admin guard
// let a page do. Chromium comes from Debian (`.ci/run` installs it); without it, outside CI, these
// tests are skipped, and in CI they fail.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type MockServer, startMockServer } from '../../src/mock/server.js'
import { chromiumPath, launchChromium } from '../helpers/browser.js'
import { type StaticServer, startStaticServer } from '../helpers/static-server.js'

const hasChromium = chromiumPath() !== undefined
if (!hasChromium && process.env['CI']) throw new Error('[worker-api-kit] CI must have chromium')

const PAGE = { '/': { type: 'text/html', body: '<!doctype html><title>app</title><p>app</p>' } }
const CREATE = JSON.stringify({ name: 'from the browser', destination: 'local' })

/** What a page's fetch gave: a status and some headers, or the error a blocked request throws. */
type Seen = { status?: number; retryAfter?: string | null; id?: string; error?: string }

/** Runs fetch in the page and reports what the page could read. */
const fetchIn = (page: Page, url: string, init: RequestInit = {}): Promise<Seen> =>
  page.evaluate(
    async ([target, options]) => {
      try {
        const res = await fetch(target, options)
        const text = res.type === 'opaque' ? '' : await res.text()
        const body = text.startsWith('{') ? JSON.parse(text) : {}
        return {
          status: res.status,
          retryAfter: res.headers.get('retry-after'),
          id: body.worker?.id,
        }
      } catch (error) {
        return { error: String(error) }
      }
    },
    [url, init] as const,
  )

describe.skipIf(!hasChromium)('a browser page of another origin', () => {
  let browser: Browser
  let mock: MockServer
  let site: StaticServer
  beforeAll(async () => {
    ;[browser, mock, site] = await Promise.all([
      launchChromium(),
      startMockServer({ port: 0, host: '127.0.0.1' }),
      startStaticServer(PAGE),
    ])
  })
  afterAll(async () => {
    await Promise.all([browser?.close(), mock?.close(), site?.close()])
  })

  /** The describe's one tab, loaded afresh on `host` (a new context per test cost ~1 s more). */
  let tab: Page | undefined
  const pageOn = async (host: string, port = site.port) => {
    tab ??= await browser.newPage()
    await tab.goto(`http://${host}:${port}/`)
    return tab
  }
  const json = { 'content-type': 'application/json' }

  it('creates and renames a worker, with credentials, from a page on localhost', async () => {
    const page = await pageOn('localhost')
    const created = await fetchIn(page, `${mock.url}/v1/workers`, {
      method: 'POST',
      headers: json,
      body: CREATE,
      credentials: 'include',
    })
    expect(created).toMatchObject({ status: 201 })
    const renamed = await fetchIn(page, `${mock.url}/v1/workers/${created.id}`, {
      method: 'PATCH',
      headers: json,
      body: JSON.stringify({ name: 'renamed in the browser' }),
      credentials: 'include',
    })
    expect(renamed).toMatchObject({ status: 200 })
  })

  it("reads a 429's Retry-After under the rate-limited scenario", async () => {
    const page = await pageOn('localhost')
    const headers = { ...json, 'x-mock-scenario': 'rate-limited', 'x-mock-session': 'browser-429' }
    const seen: Seen[] = []
    for (let i = 0; i < 6; i++) {
      seen.push(
        await fetchIn(page, `${mock.url}/v1/workers`, { method: 'POST', headers, body: CREATE }),
      )
    }
    expect.soft(seen.slice(0, 5).map((s) => s.status)).toEqual([201, 201, 201, 201, 201])
    expect.soft(seen[5]?.status).toBe(429)
    expect.soft(Number(seen[5]?.retryAfter)).toBeGreaterThan(0)
  })

  it('cannot read the API from a site on the web (not a loopback origin) by default', async () => {
    const page = await pageOn('evil.example')
    const seen = await fetchIn(page, `${mock.url}/v1/workers`, {
      method: 'POST',
      headers: json,
      body: CREATE,
    })
    expect(seen.error).toMatch(/Failed to fetch/)
  })

  it.each(['evil.example', 'localhost'])(
    'cannot read the journal or the state from a page on %s',
    async (host) => {
      const page = await pageOn(host)
      for (const path of ['/__mock/requests', '/__mock/state']) {
        expect
          .soft((await fetchIn(page, `${mock.url}${path}`)).error, path)
          .toMatch(/Failed to fetch/)
      }
    },
  )

  it.each(['evil.example', 'localhost'])(
    'cannot reset the mock or switch its scenario from a page on %s, even with no-cors',
    async (host) => {
      await fetch(`${mock.url}/v1/workers`, { method: 'POST', headers: json, body: CREATE })
      const before = mock.app.control.sessions.get('').store.workers.size
      const page = await pageOn(host)
      await fetchIn(page, `${mock.url}/__mock/reset`, { method: 'POST', mode: 'no-cors' })
      await fetchIn(page, `${mock.url}/__mock/reset`, {
        method: 'POST',
        mode: 'no-cors',
        body: '{}',
        headers: { 'content-type': 'text/plain' },
      })
      await fetchIn(page, `${mock.url}/__mock/scenario`, {
        method: 'PUT',
        headers: json,
        body: '{"name":"empty"}',
      })
      expect.soft(mock.app.control.sessions.get('').store.workers.size).toBe(before)
      expect.soft(mock.app.scenario().name).toBe('default')
    },
  )

  it('refuses a DNS-rebinding page that reaches the mock under its own name', async () => {
    const page = await pageOn('rebind.example', mock.port).catch(() => undefined)
    // The page itself is refused (403), but the browser still shows it: read the mock as same-origin.
    const same = page ?? (await browser.newPage())
    const state = await fetchIn(same, `http://rebind.example:${mock.port}/__mock/state`)
    const created = await fetchIn(same, `http://rebind.example:${mock.port}/v1/workers`, {
      method: 'POST',
      headers: json,
      body: CREATE,
    })
    expect.soft(state.status).toBe(403)
    expect.soft(created.status).toBe(403)
  })
})

describe.skipIf(!hasChromium)('a browser page of an origin named with --cors', () => {
  let browser: Browser
  let mock: MockServer
  let site: StaticServer
  beforeAll(async () => {
    site = await startStaticServer(PAGE)
    ;[browser, mock] = await Promise.all([
      launchChromium(),
      startMockServer({ port: 0, host: '127.0.0.1', cors: `http://app.test:${site.port}` }),
    ])
  })
  afterAll(async () => {
    await Promise.all([browser?.close(), mock?.close(), site?.close()])
  })

  it('reads the journal and resets the mock with a JSON request', async () => {
    const page = await browser.newPage()
    await page.goto(`http://app.test:${site.port}/`)
    const journal = await fetchIn(page, `${mock.url}/__mock/requests`)
    const reset = await fetchIn(page, `${mock.url}/__mock/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'include',
    })
    expect.soft(journal.status).toBe(200)
    expect.soft(reset.status).toBe(200)
  })
})
