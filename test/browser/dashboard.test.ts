// The dashboard (GET /__mock/) in a real browser with no network but the mock: the journal live,
// one-click scenario switches, reset, the token prompt, a hostile body shown as text, and the
// proxy's view. Its files come from the build (dist/dashboard): `npm test` builds first.
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MockServerOptions } from '../../src/mock/server.js'
import { registerDashboard } from '../../src/server/dashboard/routes.js'
import { chromiumPath, launchChromium, useChromium } from '../helpers/browser.js'
import { shownEntries as entries, useDashboardTabs } from '../helpers/dashboard-page.js'

const hasChromium = chromiumPath() !== undefined
if (!hasChromium && process.env['CI']) throw new Error('[worker-api-kit] CI must have chromium')

const WAIT_MS = 10_000
const HOSTILE = '<img src=x onerror=alert(1)>'

describe.skipIf(!hasChromium)('dashboard in a browser', () => {
  const chromium = useChromium()
  const tabs = useDashboardTabs(chromium.browser)

  /** A fresh mock, the file's offline tabs turned to it (anything not for the mock fails). */
  const setUp = async (options: MockServerOptions = {}) => {
    const started = await tabs.start({ width: 1366, height: 768, ...options })
    chromium.keep(started)
    return started
  }

  it('loads from the mock alone and shows a request another tab makes within seconds', async () => {
    const { load, otherTab, elsewhere, problems, dialogs } = await setUp()
    const page = await load()
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
    expect.soft(dialogs).toEqual([])
  })

  it('switches the scenario with one click, and the next request follows it', async () => {
    const { load, otherTab } = await setUp()
    const page = await load()
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
    const { load, problems, dialogs } = await setUp()
    const page = await load()
    await page.locator('#scenario', { hasText: 'default' }).waitFor({ timeout: WAIT_MS })
    // The tab dismisses confirmations: the switch to `empty` (a state of its own) is refused.
    await page.locator('button[data-scenario="empty"]').click()
    await page.locator('button[data-scenario="slow"]').click()
    await page.locator('#scenario', { hasText: 'slow' }).waitFor({ timeout: WAIT_MS })
    expect
      .soft(dialogs)
      .toEqual([
        "Switch (default) to empty? Its workers and provider are replaced by the scenario's.",
      ])
    expect.soft(problems).toEqual([])
    // `slow` (a behaviour) kept the default session's three workers, without asking.
    await page.locator('.workers tbody tr').nth(2).waitFor({ timeout: WAIT_MS })
    expect.soft(await page.locator('.workers tbody tr').count()).toBe(3)
  })

  it("empties a session's state with its Reset button, once confirmed", async () => {
    const { load, otherTab, problems, dialogs, answers } = await setUp()
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
    answers.next = 'accept'
    const page = await load()
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
    expect.soft(dialogs).toEqual([expect.stringMatching(/^Reset e2e\?/)])
    expect.soft(problems).toEqual([])
  })

  it('shows a hostile body, path and query as text, never as markup', async () => {
    const { load, otherTab, mock, dialogs } = await setUp()
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
    const page = await load()
    await entries(page).nth(1).waitFor({ timeout: WAIT_MS })
    for (const entry of await entries(page).all()) await entry.locator('summary').click()
    const text = await page.locator('#journal').innerText()
    expect.soft(text).toContain(`"name": "${HOSTILE}"`)
    expect.soft(text).toContain(HOSTILE) // the text/plain body, as it was sent
    expect.soft(await page.locator('#journal img').count()).toBe(0)
    expect.soft(await page.locator('img').count()).toBe(0)
    expect.soft(dialogs).toEqual([])
  })

  it('asks for the admin token, keeps it for the tab, and refuses a wrong one', async () => {
    const { load } = await setUp({ adminToken: 'tok-3f9a' })
    const page = await load()
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
