// Writes docs/dashboard.png: the dashboard at 1366×768 over a little traffic (creates, a rename,
// a 400). Run once after `npm run build` (the page's files come from dist/dashboard):
//   npx tsx scripts/screenshot-dashboard.ts
import { startMockServer } from '../src/mock/server.js'
import { launchChromium } from '../test/helpers/browser.js'

const OUT = process.argv[2] ?? 'docs/dashboard.png'
const WAIT_MS = 10_000

const mock = await startMockServer({ port: 0, host: '127.0.0.1' })
const browser = await launchChromium()
try {
  const send = (
    method: string,
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
  ) =>
    fetch(`${mock.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
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
  const { orgId, llmProviderId } = mock.app.ids
  await send(
    'PATCH',
    `/v1/orgs/${orgId}/llm-providers/${llmProviderId}`,
    { source: 'custom', apiKey: 'sk-live-not-shown', modelIds: ['gpt-4.1'] },
    { authorization: 'Bearer secret-token' },
  )
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } })
  const page = await context.newPage()
  await page.goto(`${mock.url}/__mock/`)
  await page.locator('.entry').nth(5).waitFor({ timeout: WAIT_MS })
  await page.locator('.workers').waitFor({ timeout: WAIT_MS })
  // Open the 400 to show an exchange.
  await page.locator('.entry', { hasText: '400' }).first().locator('summary').click()
  await page.screenshot({ path: OUT })
  console.log(`[worker-api-kit] wrote ${OUT}`)
} finally {
  await browser.close()
  await mock.close()
}
