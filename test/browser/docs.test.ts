// The /docs page in a real browser with no network but the mock: it renders from the mock's own
// files, and "Try it out" calls the mock.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type MockServer, startMockServer } from '../../src/mock/server.js'
import { chromiumPath, launchChromium } from '../helpers/browser.js'

const hasChromium = chromiumPath() !== undefined
if (!hasChromium && process.env['CI']) throw new Error('[worker-api-kit] CI must have chromium')

const WAIT_MS = 15_000

describe.skipIf(!hasChromium)('docs page in a browser, offline', () => {
  let browser: Browser
  let mock: MockServer
  let page: Page
  const requested: string[] = []
  const violations: string[] = []
  beforeAll(async () => {
    // /docs loads its files from the build (dist/docs): `npm test` builds first.
    ;[browser, mock] = await Promise.all([
      launchChromium(),
      startMockServer({ port: 0, host: '127.0.0.1' }),
    ])
    const context = await browser.newContext()
    // Offline: anything not for the mock fails, and is remembered.
    await context.route('**/*', (route) => {
      const url = route.request().url()
      requested.push(url)
      return url.startsWith(mock.url) ? route.continue() : route.abort('internetdisconnected')
    })
    page = await context.newPage()
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
    })
    await page.goto(`${mock.url}/docs`)
    await page.locator('.opblock').first().waitFor({ timeout: WAIT_MS })
  })
  afterAll(async () => {
    await Promise.all([browser?.close(), mock?.close()])
  })

  it('renders the three operations from files the mock serves, asking no other host', async () => {
    const operations = await page.locator('.opblock-summary-path').allInnerTexts()
    expect
      .soft(operations.map((path) => path.replace(/\u200b/g, '')).sort())
      .toEqual([
        '/v1/orgs/{orgId}/llm-providers/{llmProviderId}',
        '/v1/workers',
        '/v1/workers/{id}',
      ])
    expect.soft(requested.filter((url) => !url.startsWith(mock.url))).toEqual([])
    expect.soft(violations).toEqual([])
  })

  it('creates a worker through "Try it out" and shows the 201', async () => {
    const operation = page.locator('.opblock-post').first()
    await operation.locator('.opblock-summary').click()
    await operation.getByRole('button', { name: 'Try it out' }).click()
    await operation.getByRole('button', { name: 'Execute' }).click()
    const status = operation
      .locator('.live-responses-table tr.response .response-col_status')
      .first()
    await status.waitFor({ timeout: WAIT_MS })
    expect((await status.innerText()).trim()).toBe('201')
    expect(mock.app.control.journal.page({}).items.some((entry) => entry.status === 201)).toBe(true)
  })
})
