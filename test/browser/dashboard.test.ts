// The dashboard (GET /__mock/) in a real browser with no network but the mock: the journal live,
// one-click scenario switches, reset, the token prompt, a hostile body shown as text, and the
// proxy's view. Its files come from the build (dist/dashboard): `npm test` builds first.
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type MockServerOptions, startMockServer } from '../../src/mock/server.js'
import { registerDashboard } from '../../src/server/dashboard/routes.js'
import { chromiumPath, launchChromium, useChromium } from '../helpers/browser.js'

const hasChromium = chromiumPath() !== undefined
if (!hasChromium && process.env['CI']) throw new Error('[worker-api-kit] CI must have chromium')

const WAIT_MS = 10_000
const HOSTILE = '<img src=x onerror=alert(1)>'

describe.skipIf(!hasChromium)('dashboard in a browser', () => {
  const chromium = useChromium()

  /** A mock and a fresh offline context (anything not for the mock fails and is remembered). */
  const setUp = async (options: MockServerOptions = {}) => {
    const mock = await startMockServer({ port: 0, host: '127.0.0.1', ...options })
    const context: BrowserContext = await chromium.browser().newContext({
      viewport: { width: 1366, height: 768 },
    })
    chromium.keep(context, mock)
    const elsewhere: string[] = []
    const problems: string[] = []
    await context.route('**/*', (route) => {
      const url = route.request().url()
      if (url.startsWith(mock.url)) return route.continue()
      elsewhere.push(url)
      return route.abort('internetdisconnected')
    })
    /** The page; a confirmation is dismissed (and remembered as a problem) unless `accept` names it. */
    const dashboard = async (accept?: RegExp) => {
      const page = await context.newPage()
      page.on('console', (m) => {
        if (/Content Security Policy|error/i.test(m.text())) problems.push(m.text())
      })
      page.on('pageerror', (e) => problems.push(String(e)))
      page.on('dialog', (d) => {
        if (accept?.test(d.message())) return void d.accept()
        problems.push(`dialog: ${d.message()}`)
        void d.dismiss()
      })
      await page.goto(`${mock.url}/__mock/`)
      return page
    }
    /** Another tab of the browser, on the mock's origin, calling the API. */
    const otherTab = async () => {
      const page = await context.newPage()
      await page.goto(`${mock.url}/`)
      return (
        path: string,
        init: { method: string; body?: string; headers?: Record<string, string> },
      ) =>
        page.evaluate(async ([url, options]) => (await fetch(url, options)).status, [
          `${mock.url}${path}`,
          { ...init, headers: { 'content-type': 'application/json', ...init.headers } },
        ] as const)
    }
    return { mock, context, dashboard, otherTab, elsewhere, problems }
  }

  const entries = (page: Page) => page.locator('#journal details.entry:not([hidden])')

  it('loads from the mock alone and shows a request another tab makes within seconds', async () => {
    const { dashboard, otherTab, elsewhere, problems } = await setUp()
    const page = await dashboard()
    await page.locator('#mode', { hasText: 'mock' }).waitFor({ timeout: WAIT_MS })
    const call = await otherTab()
    expect(
      await call('/v1/workers', {
        method: 'POST',
        body: JSON.stringify({ name: 'from tab two', destination: 'local' }),
      }),
    ).toBe(201)
    const entry = entries(page).first()
    await entry.locator('summary', { hasText: 'POST' }).waitFor({ timeout: WAIT_MS })
    expect.soft(await entry.locator('.status').innerText()).toBe('201')
    // Keyboard: focus the summary, Enter opens the exchange.
    await entry.locator('summary').focus()
    await page.keyboard.press('Enter')
    await entry
      .locator('pre.body', { hasText: 'from tab two' })
      .first()
      .waitFor({ timeout: WAIT_MS })
    expect
      .soft(await entry.locator('.curl-line').innerText())
      .toMatch(/^curl -i -X POST '.*\/v1\/workers'/)
    expect.soft(elsewhere).toEqual([])
    expect.soft(problems).toEqual([])
  })

  it('switches the scenario with one click, and the next request follows it', async () => {
    const { dashboard, otherTab } = await setUp()
    const page = await dashboard()
    await page.locator('#scenario', { hasText: 'default' }).waitFor({ timeout: WAIT_MS })
    await page.locator('button[data-scenario="auth-required"]').click()
    await page.locator('#scenario', { hasText: 'auth-required' }).waitFor({ timeout: WAIT_MS })
    await page
      .locator('button[data-scenario="auth-required"][aria-pressed="true"]')
      .waitFor({ timeout: WAIT_MS })
    const call = await otherTab()
    const body = JSON.stringify({ name: 'no token', destination: 'local' })
    expect(await call('/v1/workers', { method: 'POST', body })).toBe(401)
    await entries(page).first().locator('.status', { hasText: '401' }).waitFor({ timeout: WAIT_MS })
  })

  it('asks before a switch that replaces the data, and keeps it when told no', async () => {
    const { dashboard, problems } = await setUp()
    const page = await dashboard()
    await page.locator('#scenario', { hasText: 'default' }).waitFor({ timeout: WAIT_MS })
    // The test's dialog handler dismisses: the switch to `empty` (a state of its own) is refused.
    await page.locator('button[data-scenario="empty"]').click()
    await page.locator('button[data-scenario="slow"]').click()
    await page.locator('#scenario', { hasText: 'slow' }).waitFor({ timeout: WAIT_MS })
    expect
      .soft(problems)
      .toEqual([
        "dialog: Switch (default) to empty? Its workers and provider are replaced by the scenario's.",
      ])
    // `slow` (a behaviour) kept the default session's three workers, without asking.
    await page.locator('.workers tbody tr').nth(2).waitFor({ timeout: WAIT_MS })
    expect.soft(await page.locator('.workers tbody tr').count()).toBe(3)
  })

  it("empties a session's state with its Reset button, once confirmed", async () => {
    const { dashboard, otherTab, problems } = await setUp()
    const call = await otherTab()
    const headers = { 'x-mock-session': 'e2e', 'x-mock-scenario': 'empty' }
    for (const name of ['one', 'two'])
      expect(
        await call('/v1/workers', {
          method: 'POST',
          headers,
          body: JSON.stringify({ name, destination: 'cloud' }),
        }),
      ).toBe(201)
    const page = await dashboard(/^Reset e2e\?/)
    await page.locator('.session-button', { hasText: 'e2e' }).click()
    const rows = page.locator('.workers tbody tr')
    await page.locator('.workers tbody tr', { hasText: 'two' }).waitFor({ timeout: WAIT_MS })
    expect.soft(await rows.count()).toBe(2)
    expect
      .soft(await page.locator('.workers').innerText())
      .toMatch(/provisioning[\s\S]*starting in \d+ s/)
    await page.locator('#reset', { hasText: 'Reset e2e' }).click()
    await page.locator('.empty-state', { hasText: 'No workers.' }).waitFor({ timeout: WAIT_MS })
    expect.soft(await rows.count()).toBe(0)
    expect.soft(problems).toEqual([])
  })

  it('shows a hostile body, path and query as text, never as markup', async () => {
    const { dashboard, otherTab, mock, problems } = await setUp()
    const call = await otherTab()
    await call(`/v1/workers?q=${encodeURIComponent(HOSTILE)}`, {
      method: 'POST',
      body: JSON.stringify({ name: HOSTILE, destination: 'local' }),
    })
    await fetch(`${mock.url}/v1/workers`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: HOSTILE,
    })
    const page = await dashboard()
    await entries(page).nth(1).waitFor({ timeout: WAIT_MS })
    for (const entry of await entries(page).all()) await entry.locator('summary').click()
    const text = await page.locator('#journal').innerText()
    expect.soft(text).toContain(`"name": "${HOSTILE}"`)
    expect.soft(text).toContain(HOSTILE) // the text/plain body, as it was sent
    expect.soft(await page.locator('#journal img').count()).toBe(0)
    expect.soft(await page.locator('img').count()).toBe(0)
    expect.soft(problems.filter((p) => p.startsWith('dialog'))).toEqual([])
  })

  it('asks for the admin token, keeps it for the tab, and refuses a wrong one', async () => {
    const { dashboard } = await setUp({ adminToken: 'tok-3f9a' })
    const page = await dashboard()
    const form = page.getByRole('form', { name: 'Admin token' })
    await form.waitFor({ timeout: WAIT_MS })
    await page.locator('#token').fill('wrong')
    await page.keyboard.press('Enter')
    await form.getByText('That token was refused').waitFor({ timeout: WAIT_MS })
    await page.locator('#token').fill('tok-3f9a')
    await page.getByRole('button', { name: 'Use token' }).click()
    await page.locator('#mode', { hasText: 'mock' }).waitFor({ timeout: WAIT_MS })
    expect.soft(await form.isHidden()).toBe(true)
    expect
      .soft(await page.evaluate("sessionStorage.getItem('worker-api-kit.admin-token')"))
      .toBe('tok-3f9a')
    await page.reload()
    await page.locator('.session-button').first().waitFor({ timeout: WAIT_MS })
    expect.soft(await form.isHidden()).toBe(true)
  })
})

describe.skipIf(!hasChromium)('dashboard in a browser, served by a proxy', () => {
  let browser: Browser
  let server: ReturnType<typeof serve>
  let url: string
  beforeAll(async () => {
    // What `worker-api-kit proxy` serves: the same page, its own health, the same journal format.
    const app = new Hono()
    registerDashboard(app)
    app.get('/__mock/health', (c) =>
      c.json({
        status: 'ok',
        mode: 'proxy',
        target: 'https://staging.example.test',
        recording: null,
        fallback: false,
      }),
    )
    const entry = (
      seq: number,
      violations: { check: string; pointer: string | null; message: string }[],
    ) => ({
      seq,
      at: new Date(Date.UTC(2026, 0, 1, 12, 0, seq)).toISOString(),
      session: '',
      operationId: 'createWorker',
      method: 'POST',
      path: '/v1/workers',
      query: '',
      status: violations.length > 0 ? 500 : 201,
      durationMs: 12,
      request: {
        contentType: 'application/json',
        authorization: '[REDACTED]',
        body: { name: `w${seq}` },
      },
      response: { contentType: 'application/json', body: {} },
      rules: [],
      violations,
      source: 'target',
    })
    app.get('/__mock/requests', (c) =>
      c.json({
        count: 2,
        entries: [
          entry(1, []),
          entry(2, [{ check: 'no-5xx', pointer: null, message: 'answered 500' }]),
        ],
        next: null,
      }),
    )
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
        url = `http://127.0.0.1:${info.port}`
        resolve()
      })
    })
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
    await new Promise((resolve) => server?.close(resolve))
  })

  it('shows the target, badges violations, filters to them, and hides the mock-only panels', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } })
    await page.goto(`${url}/__mock/`)
    await page
      .locator('#target', { hasText: 'https://staging.example.test' })
      .waitFor({ timeout: WAIT_MS })
    await page.locator('#journal details.entry').nth(1).waitFor({ timeout: WAIT_MS })
    expect.soft(await page.locator('.violations-badge').allInnerTexts()).toEqual(['1 violation'])
    expect.soft(await page.locator('.panels').count()).toBe(0)
    await page.getByLabel('only violations').check()
    expect.soft(await page.locator('#journal details.entry:not([hidden])').count()).toBe(1)
    const curl = await page.locator('#journal details.entry:not([hidden]) .curl-line').textContent()
    expect.soft(curl).toContain('-H "Authorization: Bearer $TOKEN"')
  })
})
