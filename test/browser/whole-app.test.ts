// The whole app against the mock, in Chromium: a page whose app calls a declared operation (the
// mock answers it) and an undeclared one, a list of workers (the app's real backend answers it),
// over HTTP with `--passthrough` and in MSW, where only the declared operations are claimed.
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type MockServer, startMockServer } from '../../src/mock/server.js'
import { chromiumPath, launchChromium } from '../helpers/browser.js'
import { type StaticServer, startStaticServer } from '../helpers/static-server.js'

const hasChromium = chromiumPath() !== undefined
if (!hasChromium && process.env['CI']) throw new Error('[worker-api-kit] CI must have chromium')

const SERVICE_WORKER = fileURLToPath(
  new URL('../../node_modules/msw/lib/mockServiceWorker.js', import.meta.url),
)
const LISTED = { workers: [{ id: 'wrk_from_the_real_backend' }] }

/** The app's script: a create (declared) and a list (not declared), against `api`. */
const APP = `
window.run = async (api) => {
  const created = await fetch(api + '/v1/workers', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'from the app', destination: 'local' }),
  })
  const listed = await fetch(api + '/v1/workers')
  return { created: created.status, listed: listed.status, list: await listed.json() }
}
`

/** The same app with MSW and the kit's handlers for `api` in front. */
const mswEntry = (api: string) => `
import { setupWorker } from 'msw/browser'
import { createMswHandlers } from 'worker-api-kit/msw'
const { handlers, app } = createMswHandlers({ baseUrl: ${JSON.stringify(api)} })
window.journal = async () => (await app.request('/__mock/requests')).json()
window.ready = setupWorker(...handlers).start({ onUnhandledRequest: 'bypass', quiet: true })
${APP}
`

const bundle = async (contents: string) =>
  (
    await build({
      stdin: {
        contents,
        resolveDir: fileURLToPath(new URL('../..', import.meta.url)),
        loader: 'js',
      },
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      logLevel: 'silent',
    })
  ).outputFiles[0]?.text ?? ''

type Ran = { created: number; listed: number; list: unknown }

describe.skipIf(!hasChromium)('the whole app against the mock', () => {
  let browser: Browser
  let backend: Server
  let backendUrl: string
  const backendSaw: string[] = []
  let mock: MockServer
  let site: StaticServer
  beforeAll(async () => {
    // The app's real backend: it lists workers, and lets the app's pages call it (CORS).
    backend = createServer((req, res) => {
      backendSaw.push(`${req.method} ${req.url}`)
      const cors = {
        'access-control-allow-origin': req.headers.origin ?? '*',
        'access-control-allow-headers': 'content-type',
        'access-control-allow-methods': 'GET, POST, PATCH',
      }
      if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end()
      res
        .writeHead(200, { 'content-type': 'application/json', ...cors })
        .end(JSON.stringify(LISTED))
    })
    await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve))
    backendUrl = `http://127.0.0.1:${(backend.address() as AddressInfo).port}`
    mock = await startMockServer({ port: 0, host: '127.0.0.1', passthrough: backendUrl })
    site = await startStaticServer({
      '/http': {
        type: 'text/html',
        body: `<!doctype html><title>app</title><script>${APP}</script>`,
      },
      '/msw': {
        type: 'text/html',
        body: '<!doctype html><title>app</title><script type="module" src="/msw.js"></script>',
      },
      '/msw.js': { type: 'text/javascript', body: await bundle(mswEntry(backendUrl)) },
      '/mockServiceWorker.js': { type: 'text/javascript', body: readFileSync(SERVICE_WORKER) },
    })
    browser = await launchChromium()
  })
  afterAll(async () => {
    await Promise.all([browser?.close(), mock?.close(), site?.close()])
    await new Promise((resolve) => backend?.close(resolve))
  })

  const run = (page: Page, api: string) => page.evaluate(`window.run(${JSON.stringify(api)})`)

  it('over HTTP with --passthrough: the mock creates, the backend lists, the journal shows both', async () => {
    const page = await browser.newPage()
    try {
      await page.goto(`http://localhost:${site.port}/http`)
      const before = backendSaw.length
      const ran = (await run(page, mock.url)) as Ran
      expect.soft(ran).toEqual({ created: 201, listed: 200, list: LISTED })
      expect.soft(backendSaw.slice(before)).toEqual(['GET /v1/workers'])
      const { entries } = (await (await fetch(`${mock.url}/__mock/requests`)).json()) as {
        entries: { method: string; operationId: string | null; status: number; source?: string }[]
      }
      expect.soft(entries.map((e) => [e.method, e.operationId, e.status, e.source])).toEqual([
        ['POST', 'createWorker', 201, undefined],
        ['GET', null, 200, 'passthrough'],
      ])
      // The dashboard marks what the backend answered.
      await page.goto(`${mock.url}/__mock/`)
      await page
        .locator('.passthrough-badge', { hasText: 'passed through' })
        .waitFor({ timeout: 10_000 })
      expect.soft(await page.locator('.passthrough-badge').count()).toBe(1)
    } finally {
      await page.close()
    }
  })

  it('in MSW: only the declared operations are claimed, the list goes to the backend', async () => {
    const page = await browser.newPage()
    try {
      await page.goto(`http://localhost:${site.port}/msw`)
      await page.waitForFunction(() => 'ready' in globalThis)
      await page.evaluate('window.ready')
      const before = backendSaw.length
      const ran = (await run(page, backendUrl)) as Ran
      expect.soft(ran).toEqual({ created: 201, listed: 200, list: LISTED })
      // The backend saw the list (and its preflight, if any), never the create.
      expect
        .soft(backendSaw.slice(before).filter((r) => !r.startsWith('OPTIONS')))
        .toEqual(['GET /v1/workers'])
      const journal = (await page.evaluate('window.journal()')) as {
        entries: { method: string; operationId: string | null }[]
      }
      expect
        .soft(journal.entries.map((e) => [e.method, e.operationId]))
        .toEqual([['POST', 'createWorker']])
    } finally {
      await page.close()
    }
  })
})
