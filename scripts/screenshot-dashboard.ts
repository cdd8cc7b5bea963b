// Writes the dashboard's screenshots into docs/: docs/dashboard.png (1366×768, the overview) and
// docs/dashboard-<view>-<width>.png for the workbench's views (search results, an entry with its
// headers, the replay form, state editing, rules) at 1280 and 800 px, over a little traffic.
// Run after `npm run build` (the page's files come from dist/dashboard):
//   npx tsx scripts/screenshot-dashboard.ts
import type { Browser, Page } from 'playwright-core'
import { startMockServer } from '../src/mock/server.js'
import { launchChromium } from '../test/helpers/browser.js'

const OUT = process.argv[2] ?? 'docs'
const WAIT_MS = 10_000
const WIDTHS = [1280, 800] as const

const mock = await startMockServer({ port: 0, host: '127.0.0.1' })
const send = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${mock.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? null : JSON.stringify(body),
    signal: AbortSignal.timeout(WAIT_MS),
  }).then(async (res) => ({
    status: res.status,
    body: (await res.json()) as { worker?: { id: string } },
  }))

const first = await send('POST', '/v1/workers', { name: 'build-runner', destination: 'local' })
await send('POST', '/v1/workers', { name: 'gpu-trainer', destination: 'cloud' })
await send(
  'POST',
  '/v1/workers',
  { name: 'checkout-tests', destination: 'local' },
  { 'x-mock-session': 'e2e-checkout' },
)
await send('PATCH', `/v1/workers/${first.body.worker?.id}`, { name: 'build-runner-2' })
await send('POST', '/v1/workers', { name: '', destination: 'moon' })
await send(
  'POST',
  '/v1/workers',
  { name: 'rate-limited', destination: 'local' },
  { prefer: 'code=429' },
)
await send('POST', '/__mock/rules', {
  description: 'the next two creates fail',
  match: { operation: 'createWorker' },
  times: 2,
  problem: { status: 503, title: 'Maintenance' },
})
const { orgId, llmProviderId } = mock.app.ids
await send(
  'PATCH',
  `/v1/orgs/${orgId}/llm-providers/${llmProviderId}`,
  { source: 'custom', apiKey: 'sk-live-not-shown', modelIds: ['gpt-4.1'] },
  { authorization: 'Bearer secret-token' },
)

const entry = (page: Page, text: string) =>
  page.locator('#journal details.entry:not([hidden])', { hasText: text }).first()

const shoot = async (
  browser: Browser,
  width: number,
  height: number,
  view: string,
  act: (page: Page) => Promise<void>,
) => {
  const context = await browser.newContext({ viewport: { width, height } })
  const page = await context.newPage()
  await page.goto(`${mock.url}/__mock/`)
  await page.locator('.entry').nth(6).waitFor({ timeout: WAIT_MS })
  await page.locator('.workers').waitFor({ timeout: WAIT_MS })
  await act(page)
  const path = view === '' ? `${OUT}/dashboard.png` : `${OUT}/dashboard-${view}-${width}.png`
  await page.screenshot({ path })
  console.log(`[worker-api-kit] wrote ${path}`)
  await context.close()
}

const views: Record<string, (page: Page) => Promise<void>> = {
  search: async (page) => {
    await page.locator('#filter-q').fill('runner')
    await page.keyboard.press('Enter')
    await page.locator('#journal details.entry:not([hidden])').nth(1).waitFor({ timeout: WAIT_MS })
    await page.locator('.journal').scrollIntoViewIfNeeded()
  },
  entry: async (page) => {
    const opened = entry(page, '429')
    await opened.locator('summary').click()
    await opened.locator('.response .headers').scrollIntoViewIfNeeded()
  },
  replay: async (page) => {
    const opened = entry(page, 'PATCH')
    await opened.locator('summary').click()
    await opened.locator('.replay-button').click()
    await opened.locator('form.replay').scrollIntoViewIfNeeded()
  },
  state: async (page) => {
    await page.locator('.provider-edit summary').click()
    await page.locator('.state-panel').scrollIntoViewIfNeeded()
  },
  rules: async (page) => {
    const opened = entry(page, 'build-runner-2')
    await opened.locator('summary').click()
    await opened.locator('.answer-next-button').click()
    await page.locator('.rules-panel').scrollIntoViewIfNeeded()
  },
}

const browser = await launchChromium()
try {
  await shoot(browser, 1366, 768, '', async (page) => {
    await entry(page, '400').locator('summary').click()
  })
  for (const width of WIDTHS)
    for (const [view, act] of Object.entries(views)) await shoot(browser, width, 900, view, act)
} finally {
  await browser.close()
  await mock.close()
}
