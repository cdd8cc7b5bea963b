// A page of another site, in a real browser, sends what a page may send without asking (a no-cors
// fetch, a form post, a beacon) to the developer's mock: it changes nothing the developer sees.
// Their rule is still theirs, their journal and sessions are as they were.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type MockServer, startMockServer } from '../../src/mock/server.js'
import { chromiumPath, launchChromium } from '../helpers/browser.js'
import { type StaticServer, startStaticServer } from '../helpers/static-server.js'

const hasChromium = chromiumPath() !== undefined
if (!hasChromium && process.env['CI']) throw new Error('[worker-api-kit] CI must have chromium')

const PAGE = {
  '/': { type: 'text/html', body: '<!doctype html><title>a site</title><p>hello</p>' },
}
const CREATE = JSON.stringify({ name: 'mine', destination: 'local' })
const JSON_TYPE = { 'content-type': 'application/json' }
/** Requests of each kind the page sends. */
const ROUNDS = 20

/**
 * Every request a page of another site can send without a CORS preflight, to `api`, as the page's
 * own script (a string: the tests are typed without the DOM's globals).
 */
const attack = (page: Page, api: string) =>
  page.evaluate(`(async () => {
    const api = ${JSON.stringify(api)}
    const sent = []
    for (let i = 0; i < ${ROUNDS}; i++) {
      sent.push(fetch(api + '/v1/workers', {
        method: 'POST',
        mode: 'no-cors',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify({ name: 'foreign ' + i, destination: 'local' }),
      }).catch(() => undefined))
      navigator.sendBeacon(api + '/v1/workers', '{"name":"beacon","destination":"local"}')
    }
    await Promise.all(sent)
    // A form posted into a frame: the classic cross-site request.
    const frame = document.createElement('iframe')
    frame.name = 'sink'
    document.body.append(frame)
    const form = document.createElement('form')
    form.method = 'POST'
    form.action = api + '/v1/workers'
    form.target = 'sink'
    form.enctype = 'text/plain'
    const field = document.createElement('input')
    field.name = '{"name":"form","destination":"local","x":"'
    field.value = '"}'
    form.append(field)
    document.body.append(form)
    const loaded = new Promise((resolve) => frame.addEventListener('load', resolve))
    form.submit()
    await Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, 3000))])
  })()`)

describe.skipIf(!hasChromium)('a page of another site, in Chromium', () => {
  let browser: Browser
  let mock: MockServer
  let site: StaticServer
  beforeAll(async () => {
    ;[browser, mock, site] = await Promise.all([
      launchChromium(),
      startMockServer({ port: 0, host: '127.0.0.1' }),
      startStaticServer(PAGE),
    ])
  })
  afterAll(async () => {
    await Promise.all([browser?.close(), mock?.close(), site?.close()])
  })

  it("spends none of the developer's rules, writes none of their journal, makes no session", async () => {
    const rule = await fetch(`${mock.url}/__mock/rules`, {
      method: 'POST',
      headers: JSON_TYPE,
      body: JSON.stringify({
        match: { operation: 'createWorker' },
        times: 1,
        problem: { status: 503 },
      }),
    })
    expect(rule.status).toBe(201)
    const own = await fetch(`${mock.url}/v1/workers/wrk_01h455vb4pex5vsknk084sn02q`, {
      method: 'PATCH',
      headers: JSON_TYPE,
      body: '{"name":"x"}',
    })
    expect(own.status).toBe(404)
    const journalBefore = mock.app.control.journal.list()
    const sessionsBefore = mock.app.control.sessions.ids()
    const workersBefore = mock.app.control.sessions.get('').store.workers.size

    const page = await browser.newPage()
    try {
      await page.goto(`http://evil.example:${site.port}/`)
      await attack(page, mock.url)
    } finally {
      await page.close()
    }

    expect.soft(mock.app.control.journal.list()).toEqual(journalBefore)
    expect.soft(mock.app.control.sessions.ids()).toEqual(sessionsBefore)
    expect.soft(mock.app.control.sessions.get('').store.workers.size).toBe(workersBefore)
    // The developer's own create is the one their rule answers, and the next is theirs too.
    const first = await fetch(`${mock.url}/v1/workers`, {
      method: 'POST',
      headers: JSON_TYPE,
      body: CREATE,
    })
    expect.soft(first.status).toBe(503)
    const second = await fetch(`${mock.url}/v1/workers`, {
      method: 'POST',
      headers: JSON_TYPE,
      body: CREATE,
    })
    expect.soft(second.status).toBe(201)
  })
})
