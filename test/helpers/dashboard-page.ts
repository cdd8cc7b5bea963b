// The dashboard (GET /__mock/) of a started mock in a fresh offline Chromium context: builders
// only, no assertions. Dialogs (confirmations) are answered as the test says and remembered.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { type MockServerOptions, startMockServer } from '../../src/mock/server.js'

export const WAIT_MS = 10_000

export type DialogAnswer = 'accept' | 'dismiss'

export const openDashboard = async (
  browser: Browser,
  options: MockServerOptions & { width?: number } = {},
) => {
  const { width = 1280, ...mockOptions } = options
  const mock = await startMockServer({ port: 0, host: '127.0.0.1', ...mockOptions })
  const context: BrowserContext = await browser.newContext({ viewport: { width, height: 800 } })
  const elsewhere: string[] = []
  const problems: string[] = []
  const dialogs: string[] = []
  /** How the next confirmations are answered (dismissed unless told). */
  const answers: { next: DialogAnswer } = { next: 'dismiss' }
  await context.route('**/*', (route) => {
    const url = route.request().url()
    if (url.startsWith(mock.url)) return route.continue()
    elsewhere.push(url)
    return route.abort('internetdisconnected')
  })
  const page: Page = await context.newPage()
  // Every step waits at most this long, so a step that never happens fails by its own name
  // rather than as the test's timeout.
  page.setDefaultTimeout(WAIT_MS)
  page.on('console', (m) => {
    if (/Content Security Policy|error/i.test(m.text())) problems.push(m.text())
  })
  page.on('pageerror', (e) => problems.push(String(e)))
  page.on('dialog', (d) => {
    dialogs.push(d.message())
    void (answers.next === 'accept' ? d.accept() : d.dismiss())
  })
  await page.goto(`${mock.url}/__mock/`)
  await page.locator('#mode', { hasText: 'mock' }).waitFor({ timeout: WAIT_MS })
  /** A request to the mock from the test (outside the page). */
  const send = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await fetch(`${mock.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(WAIT_MS),
    })
    const text = await res.text()
    return { status: res.status, text, json: () => JSON.parse(text) as unknown }
  }
  const close = async () => {
    await context.close()
    await mock.close()
  }
  return { mock, context, page, send, elsewhere, problems, dialogs, answers, close }
}

/** The journal's entries the page shows now. */
export const shownEntries = (page: Page) => page.locator('#journal details.entry:not([hidden])')
