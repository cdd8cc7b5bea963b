// The MSW handlers in a real page with setupWorker: the page imports `worker-api-kit/msw` and is
// bundled for the browser the way a frontend build bundles it (the package's `browser` build,
// dist/browser, from `npm run build`), and talks to the service worker msw ships.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMockApp } from '../../src/mock/app.js'
import { chromiumPath, launchChromium } from '../helpers/browser.js'
import { FIXED_NOW } from '../helpers/send.js'
import { type StaticServer, startStaticServer } from '../helpers/static-server.js'

const hasChromium = chromiumPath() !== undefined
if (!hasChromium && process.env['CI']) throw new Error('[worker-api-kit] CI must have chromium')

const API = 'http://api.test'
const SEED = 7
const SERVICE_WORKER = fileURLToPath(
  new URL('../../node_modules/msw/lib/mockServiceWorker.js', import.meta.url),
)

/** The page's script: MSW with the kit's handlers, and a way to switch them to a scenario. */
const ENTRY = `
import { setupWorker } from 'msw/browser'
import { createMswHandlers } from 'worker-api-kit/msw'
const options = { baseUrl: ${JSON.stringify(API)}, seed: ${SEED}, clock: () => ${FIXED_NOW} }
const { handlers, app } = createMswHandlers(options)
const worker = setupWorker(...handlers)
window.ids = app.ids
window.useScenario = (scenario) => worker.resetHandlers(...createMswHandlers({ ...options, scenario }).handlers)
window.ready = worker.start({ onUnhandledRequest: 'bypass', quiet: true })
`

/** A page whose mock keeps its state in sessionStorage: it survives a reload of the tab. */
const PERSIST_ENTRY = `
import { setupWorker } from 'msw/browser'
import { createMswHandlers } from 'worker-api-kit/msw'
const { handlers } = createMswHandlers({
  baseUrl: ${JSON.stringify(API)},
  seed: ${SEED},
  clock: () => ${FIXED_NOW},
  persist: { storage: sessionStorage },
})
window.ready = setupWorker(...handlers).start({ onUnhandledRequest: 'bypass', quiet: true })
`

const bundlePage = async (entry = ENTRY) => {
  const result = await build({
    stdin: {
      contents: entry,
      resolveDir: fileURLToPath(new URL('../..', import.meta.url)),
      loader: 'js',
    },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    minify: true,
    logLevel: 'silent',
  })
  return result.outputFiles[0]?.text ?? ''
}

type Answer = { status: number; body: unknown; retryAfter: string | null }

const call = (page: Page, method: string, path: string, body?: unknown, headers = {}) =>
  page.evaluate(
    async ([url, m, b, h]) => {
      const res = await fetch(url, {
        method: m,
        headers: { 'content-type': 'application/json', ...h },
        ...(b === undefined ? {} : { body: JSON.stringify(b) }),
      })
      const text = await res.text()
      return {
        status: res.status,
        body: text ? JSON.parse(text) : null,
        retryAfter: res.headers.get('retry-after'),
      }
    },
    [`${API}${path}`, method, body, headers] as const,
  ) as Promise<Answer>

describe.skipIf(!hasChromium)('msw in a browser page', () => {
  let browser: Browser
  let site: StaticServer
  let page: Page
  /** Loads `path` and waits until its MSW worker answers. */
  const open = async (on: Page, path: string) => {
    await on.goto(`http://localhost:${site.port}${path}`)
    await on.waitForFunction(() => 'ready' in globalThis)
    await on.evaluate(() => (globalThis as unknown as { ready: Promise<unknown> }).ready)
  }
  beforeAll(async () => {
    const script = await bundlePage()
    site = await startStaticServer({
      '/': {
        type: 'text/html',
        body: '<!doctype html><title>app</title><script type="module" src="/app.js"></script>',
      },
      '/app.js': { type: 'text/javascript', body: script },
      '/kept': {
        type: 'text/html',
        body: '<!doctype html><title>kept</title><script type="module" src="/kept.js"></script>',
      },
      '/kept.js': { type: 'text/javascript', body: await bundlePage(PERSIST_ENTRY) },
      '/mockServiceWorker.js': { type: 'text/javascript', body: readFileSync(SERVICE_WORKER) },
    })
    browser = await launchChromium()
    page = await browser.newPage()
    await open(page, '/')
  })
  afterAll(async () => {
    await Promise.all([browser?.close(), site?.close()])
  })

  it('starts with the same state as node for the same seed and clock', async () => {
    const inPage = await call(page, 'GET', '/__mock/state')
    const inNode = await createMockApp({ seed: SEED, clock: () => FIXED_NOW }).request(
      '/__mock/state',
    )
    expect(inPage.status).toBe(200)
    expect(inPage.body).toEqual(await inNode.json())
  })

  it('creates, renames and updates the provider, and rejects an invalid create with a 400 problem', async () => {
    const ids = await page.evaluate(
      () => (globalThis as unknown as { ids: Record<string, string> }).ids,
    )
    const created = await call(page, 'POST', '/v1/workers', {
      name: 'in the page',
      destination: 'local',
    })
    expect(created.status).toBe(201)
    const id = (created.body as { worker: { id: string } }).worker.id
    const renamed = await call(page, 'PATCH', `/v1/workers/${id}`, { name: 'renamed' })
    const provider = await call(
      page,
      'PATCH',
      `/v1/orgs/${ids['orgId']}/llm-providers/${ids['llmProviderId']}`,
      { source: 'custom', customConfigText: '{}' },
    )
    const invalid = await call(page, 'POST', '/v1/workers', { name: '', destination: 'moon' })
    expect.soft(renamed).toMatchObject({ status: 200, body: { worker: { id, name: 'renamed' } } })
    expect
      .soft(provider)
      .toMatchObject({ status: 200, body: { llmProvider: { source: 'custom' } } })
    expect.soft(invalid).toMatchObject({
      status: 400,
      body: { errors: [{ pointer: '/body/name' }, { pointer: '/body/destination' }] },
    })
  })

  it('answers a shipped scenario named by header: rate-limited answers the sixth create 429', async () => {
    const headers = { 'x-mock-scenario': 'rate-limited', 'x-mock-session': 'page-429' }
    const statuses: number[] = []
    let last: Answer | undefined
    for (let i = 0; i < 6; i++) {
      last = await call(page, 'POST', '/v1/workers', { name: 'w', destination: 'local' }, headers)
      statuses.push(last.status)
    }
    expect.soft(statuses).toEqual([201, 201, 201, 201, 201, 429])
    expect.soft(Number(last?.retryAfter)).toBeGreaterThan(0)
  })

  it('takes a shipped scenario by name as an option: empty starts with no workers', async () => {
    await page.evaluate(() =>
      (globalThis as unknown as { useScenario: (name: string) => void }).useScenario('empty'),
    )
    const state = await call(page, 'GET', '/__mock/state')
    expect(state).toMatchObject({ status: 200, body: { scenario: 'empty', workers: [] } })
  })

  it('keeps a created worker across a reload of the page with persist: sessionStorage', async () => {
    const tab = await browser.newPage()
    try {
      await open(tab, '/kept')
      const created = await call(tab, 'POST', '/v1/workers', {
        name: 'kept over a reload',
        destination: 'local',
      })
      expect(created.status).toBe(201)
      const id = (created.body as { worker: { id: string } }).worker.id
      await tab.reload()
      await tab.waitForFunction(() => 'ready' in globalThis)
      await tab.evaluate(() => (globalThis as unknown as { ready: Promise<unknown> }).ready)
      const state = await call(tab, 'GET', '/__mock/state')
      const workers = (state.body as { workers: { worker: { id: string; name: string } }[] })
        .workers
      expect(workers.map((w) => w.worker)).toContainEqual(
        expect.objectContaining({ id, name: 'kept over a reload' }),
      )
    } finally {
      await tab.close()
    }
  })
})
