// The real proxy in front of a deployment that breaks the contract, its dashboard in Chromium: the
// violation of an exchange the app makes appears live, named by its check, with nothing fetched
// from anywhere but the proxy. Its files come from the build (dist/dashboard).
import { mkdirSync } from 'node:fs'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startProxyServer } from '../../src/proxy/server.js'
import { chromiumPath, launchChromium } from '../helpers/browser.js'
import { startAppServer, type TestServer } from '../helpers/hostile-server.js'
import brokenCreatedAt from '../servers/broken/created-at-not-a-date.js'

const hasChromium = chromiumPath() !== undefined
if (!hasChromium && process.env['CI']) throw new Error('[worker-api-kit] CI must have chromium')

const WAIT_MS = 10_000
/** Where a screenshot goes when SCREENSHOT_DIR is set (for docs/proxy.md and review by eye). */
const SCREENSHOT_DIR = process.env['SCREENSHOT_DIR']

describe.skipIf(!hasChromium)('the proxy dashboard in a browser', () => {
  let browser: Browser
  let staging: TestServer
  let proxy: Awaited<ReturnType<typeof startProxyServer>>
  beforeAll(async () => {
    staging = await startAppServer(brokenCreatedAt.app)
    proxy = await startProxyServer({ target: staging.url, port: 0, host: '127.0.0.1' })
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
    await proxy?.close()
    await staging?.close()
  })

  it("shows each violation of staging live, named by its check, from the app's own calls", async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } })
    const elsewhere: string[] = []
    await context.route('**/*', (route) => {
      const url = route.request().url()
      if (url.startsWith(proxy.url)) return route.continue()
      elsewhere.push(url)
      return route.abort('internetdisconnected')
    })
    const dashboard = await context.newPage()
    await dashboard.goto(`${proxy.url}/__mock/`)
    await dashboard.locator('#target', { hasText: staging.url }).waitFor({ timeout: WAIT_MS })

    // The app, in another tab of the same browser, calls the API through the proxy.
    const app = await context.newPage()
    await app.goto(`${proxy.url}/openapi.json`).catch(() => undefined)
    const statuses = await app.evaluate(
      `Promise.all([
        fetch('/v1/workers', { method: 'POST', headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'from the app', destination: 'local' }) }).then((r) => r.status),
        fetch('/v1/workers/wrk_short', { method: 'PATCH', headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'x' }) }).then((r) => r.status),
      ])`,
    )
    expect(statuses).toEqual([201, 400])

    const flagged = dashboard.locator('#journal details.entry.has-violations')
    await flagged.first().waitFor({ timeout: WAIT_MS })
    expect(await flagged.count()).toBe(1)
    await flagged.first().locator('summary').click()
    const violation = flagged.first().locator('.violations li')
    await violation.first().waitFor({ timeout: WAIT_MS })
    expect(await violation.first().innerText()).toMatch(/^response-schema\s*\/worker\/createdAt/)
    expect(await dashboard.locator('.violations-badge').allInnerTexts()).toEqual(['1 violation'])
    // The 400 for a malformed id is the target keeping the spec: listed, not flagged.
    expect(await dashboard.locator('#journal details.entry').count()).toBeGreaterThanOrEqual(2)
    if (SCREENSHOT_DIR) {
      mkdirSync(SCREENSHOT_DIR, { recursive: true })
      await dashboard.screenshot({ path: `${SCREENSHOT_DIR}/dashboard-proxy.png` })
    }
    expect(elsewhere).toEqual([])
    await context.close()
  })
})
