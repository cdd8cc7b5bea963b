// A real browser against the real proxy, which adds a staging token to what it forwards: a page of
// another site cannot make it send anything (a no-cors POST, a text/plain form, an <img>), a page
// on a loopback origin still reads its answers, and a page the target serves through the proxy
// cannot register a service worker on the proxy's origin. Chromium comes from Debian (`.ci/run`
// installs it); without it, outside CI, these tests are skipped, and in CI they fail.
import { Hono } from 'hono'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type ProxyServer, startProxyServer } from '../../src/proxy/server.js'
import { chromiumPath, launchChromium } from '../helpers/browser.js'
import { startAppServer, type TestServer } from '../helpers/hostile-server.js'
import { type StaticServer, startStaticServer } from '../helpers/static-server.js'

const hasChromium = chromiumPath() !== undefined
if (!hasChromium && process.env['CI']) throw new Error('[worker-api-kit] CI must have chromium')

const STAGING_TOKEN = 'Bearer staging-token-browser-0123456789'
/** Every wait in a page is bounded by this. */
const WAIT_MS = 5_000

/**
 * The page of a site: `sendBlind(base, waitMs)` sends what a page may send to any URL without
 * CORS: a `no-cors` POST, a text/plain form POST into a frame, and an <img>, each waited for.
 */
const SEND_BLIND = `
const bounded = (done, waitMs) =>
  Promise.race([done, new Promise((resolve) => setTimeout(resolve, waitMs))])
globalThis.sendBlind = async (url, waitMs) => {
  await bounded(
    fetch(url + '/v1/workers', {
      method: 'POST',
      mode: 'no-cors',
      headers: { 'content-type': 'text/plain' },
      body: '{"name":"from no-cors","destination":"local"}',
    }).catch(() => undefined),
    waitMs,
  )
  const frame = document.createElement('iframe')
  frame.name = 'sink'
  document.body.append(frame)
  const form = document.createElement('form')
  form.method = 'post'
  form.enctype = 'text/plain'
  form.action = url + '/v1/workers'
  form.target = 'sink'
  const input = document.createElement('input')
  input.name = '{"name":"from a form","destination":"local","x":"'
  input.value = '"}'
  form.append(input)
  document.body.append(form)
  const submitted = new Promise((resolve) => frame.addEventListener('load', resolve))
  form.submit()
  await bounded(submitted, waitMs)
  const image = new Image()
  const shown = new Promise((resolve) => {
    image.onload = resolve
    image.onerror = resolve
  })
  image.src = url + '/v1/workers/wrk_0/avatar.png'
  await bounded(shown, waitMs)
}
`
const PAGE = {
  '/': {
    type: 'text/html',
    body: '<!doctype html><title>app</title><p>app</p><script src="/send-blind.js"></script>',
  },
  '/send-blind.js': { type: 'text/javascript', body: SEND_BLIND },
}

/** What the target's page says of its own service worker's registration, within `WAIT_MS`. */
const REGISTER_WORKER = `<!doctype html><title>staging</title><script>
globalThis.outcome = Promise.race([
  navigator.serviceWorker.register('/sw.js').then(
    () => 'registered',
    (error) => 'refused: ' + String(error),
  ),
  new Promise((resolve) => setTimeout(() => resolve('no answer'), ${WAIT_MS})),
])
</script>`

/**
 * A hostile target: it answers every request with JSON, serves a page and a service worker with
 * the right content types, and keeps each request's path and headers.
 */
const hostileTarget = () => {
  const received: { path: string; headers: Record<string, string> }[] = []
  const app = new Hono()
    .use(async (c, next) => {
      received.push({ path: c.req.path, headers: Object.fromEntries(c.req.raw.headers) })
      await next()
    })
    .get('/page.html', (c) => c.html(REGISTER_WORKER))
    .get('/sw.js', (c) =>
      c.body("self.addEventListener('fetch', (e) => e.respondWith(new Response('owned')))", 200, {
        'content-type': 'text/javascript',
      }),
    )
    .all('*', (c) => c.json({ worker: { id: 'wrk_0' } }))
  return { app, received }
}

describe.skipIf(!hasChromium)('the proxy and the pages of a browser', () => {
  let browser: Browser
  let proxy: ProxyServer
  let staging: TestServer
  let site: StaticServer
  let target: ReturnType<typeof hostileTarget>
  beforeAll(async () => {
    target = hostileTarget()
    ;[browser, staging, site] = await Promise.all([
      launchChromium(),
      startAppServer(target.app),
      startStaticServer(PAGE),
    ])
    proxy = await startProxyServer({
      target: staging.url,
      port: 0,
      host: '127.0.0.1',
      headers: { authorization: STAGING_TOKEN },
    })
  })
  afterAll(async () => {
    await Promise.all([browser?.close(), proxy?.close(), staging?.close(), site?.close()])
  })
  beforeEach(() => {
    target.received.length = 0
  })

  /** The describe's one tab for the site's pages, loaded afresh on `host` for each test. */
  let tab: Page | undefined
  const pageOn = async (host: string) => {
    tab ??= await browser.newPage()
    await tab.goto(`http://${host}:${site.port}/`)
    return tab
  }

  /** Runs the site page's `sendBlind` towards `base`. */
  const sendBlind = (page: Page, base: string) =>
    page.evaluate(
      ([url, waitMs]) =>
        (
          globalThis as unknown as { sendBlind: (url: string, waitMs: number) => Promise<void> }
        ).sendBlind(url, waitMs),
      [base, WAIT_MS] as const,
    )

  it('sends nothing to the target for a no-cors POST, a form or an <img> of another site', async () => {
    const page = await pageOn('evil.example')
    await sendBlind(page, proxy.url)
    expect(target.received.map((r) => r.path)).toEqual([])
  })

  it('answers a page on a loopback origin (an app on localhost), and the target sees its Origin', async () => {
    const page = await pageOn('localhost')
    const seen = await page.evaluate(async (url) => {
      const res = await fetch(`${url}/v1/workers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"name":"from localhost","destination":"local"}',
      })
      return {
        status: res.status,
        id: ((await res.json()) as { worker: { id: string } }).worker.id,
      }
    }, proxy.url)
    expect(seen).toEqual({ status: 200, id: 'wrk_0' })
    const posted = target.received.find((r) => r.path === '/v1/workers')
    expect(posted?.headers['authorization']).toBe(STAGING_TOKEN)
    expect(posted?.headers['origin']).toBe(`http://localhost:${site.port}`)
  })

  it("runs no script of a page the target serves on the proxy's origin", async () => {
    const page = await browser.newPage()
    await page.goto(`${proxy.url}/page.html`)
    // Sandboxed (CSP sandbox, no allow-scripts): the page's script never ran, so it set nothing.
    const outcome = await page.evaluate(() => typeof Reflect.get(globalThis, 'outcome'))
    expect(outcome).toBe('undefined')
    expect(target.received.map((r) => r.path)).toContain('/page.html')
    expect(target.received.map((r) => r.path)).not.toContain('/sw.js')
  })

  it("lets no page register a service worker on the proxy's origin", async () => {
    // The proxy's own dashboard runs script on its origin: even from there, the worker's script
    // request (Service-Worker: script) is refused before it is forwarded.
    const page = await browser.newPage()
    await page.goto(`${proxy.url}/__mock/`)
    const outcome = await page.evaluate(`Promise.race([
      navigator.serviceWorker.register('/sw.js').then(
        () => 'registered',
        (error) => 'refused: ' + String(error),
      ),
      new Promise((resolve) => setTimeout(() => resolve('no answer'), ${WAIT_MS})),
    ])`)
    expect(outcome).toMatch(/^refused: .*403/)
    expect(target.received.map((r) => r.path)).not.toContain('/sw.js')
  })
})
