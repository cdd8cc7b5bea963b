// The record → replay story end to end, from a real browser: an app page on its own origin drives
// the mock (a create, a rename of it, the provider's key, a rename of a worker that is not there,
// which the app handles), the mock's journal is downloaded as a HAR, and `contract --replay`
// replays it: green against a correct server on a port, ids carried through, red against broken
// ones with the exchange named. Chromium comes from Debian (`.ci/run` installs it); without it,
// outside CI, these tests are skipped, and in CI they fail.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatReplayReport, replayRecording } from '../../src/contract/replay/index.js'
import { createMockApp } from '../../src/mock/app.js'
import { type MockServer, startMockServer } from '../../src/mock/server.js'
import { chromiumPath, launchChromium } from '../helpers/browser.js'
import { startAppServer, type TestServer } from '../helpers/hostile-server.js'
import { type StaticServer, startStaticServer } from '../helpers/static-server.js'
import missingIsMine from '../servers/broken/missing-worker-is-mine.js'
import renameNotApplied from '../servers/broken/rename-not-applied.js'
import renamesUnknownWorker from '../servers/broken/renames-unknown-worker.js'

const hasChromium = chromiumPath() !== undefined
if (!hasChromium && process.env['CI']) throw new Error('[worker-api-kit] CI must have chromium')

const PAGE = { '/': { type: 'text/html', body: '<!doctype html><title>Workers</title><p>app</p>' } }
const KEY_IN_THE_APP = 'sk-browser-app-key-0042'
const KEY_IN_CI = 'sk-ci-key-for-staging-7777'

/** What the app's page does, as its code would: each call, and how it handled the failure. */
type Session = { mockUrl: string; orgId: string; llmProviderId: string; apiKey: string }
const appSession = async ({ mockUrl, orgId, llmProviderId, apiKey }: Session) => {
  const json = { 'content-type': 'application/json' }
  const created = await fetch(`${mockUrl}/v1/workers`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ name: 'made in the browser', destination: 'local' }),
  }).then((res) => res.json())
  const renamed = await fetch(`${mockUrl}/v1/workers/${created.worker.id}`, {
    method: 'PATCH',
    headers: json,
    body: JSON.stringify({ name: 'renamed in the browser' }),
  })
  const provider = await fetch(`${mockUrl}/v1/orgs/${orgId}/llm-providers/${llmProviderId}`, {
    method: 'PATCH',
    headers: json,
    body: JSON.stringify({ source: 'custom', apiKey }),
  })
  const missing = await fetch(`${mockUrl}/v1/workers/wrk_01h455vb4pex5vsknk084sn02q`, {
    method: 'PATCH',
    headers: json,
    body: JSON.stringify({ name: 'not there' }),
  })
  // The app shows a message for a worker that is gone: a failure it handles.
  const handled = missing.status === 404 ? 'shown: this worker no longer exists' : 'unhandled'
  return {
    id: created.worker.id,
    statuses: [renamed.status, provider.status, missing.status],
    handled,
  }
}

describe.skipIf(!hasChromium)('a session recorded from a browser, replayed', () => {
  let browser: Browser
  let mock: MockServer
  let site: StaticServer
  let har: unknown
  let recordedId: string
  const servers: TestServer[] = []

  beforeAll(async () => {
    ;[browser, mock, site] = await Promise.all([
      launchChromium(),
      startMockServer({ port: 0, host: '127.0.0.1' }),
      startStaticServer(PAGE),
    ])
    const page = await browser.newPage()
    await page.goto(`http://localhost:${site.port}/`)
    const done = await page.evaluate(appSession, {
      mockUrl: mock.url,
      ...mock.app.ids,
      apiKey: KEY_IN_THE_APP,
    })
    expect(done.statuses).toEqual([200, 200, 404])
    expect(done.handled).toBe('shown: this worker no longer exists')
    recordedId = done.id
    har = await (await fetch(`${mock.url}/__mock/requests.har`)).json()
  })
  afterAll(async () => {
    await Promise.all([
      browser?.close(),
      mock?.close(),
      site?.close(),
      ...servers.map((s) => s.close()),
    ])
  })

  /** The recording against a server on a port, as CI replays it against staging. */
  const replayOn = async (
    app: Parameters<typeof startAppServer>[0] & { ids: MockServer['app']['ids'] },
  ) => {
    const server = await startAppServer(app)
    servers.push(server)
    return replayRecording({
      baseUrl: server.url,
      har,
      ...app.ids,
      maskedValues: { '/apiKey': KEY_IN_CI },
      timeoutMs: 10_000,
      runTimeoutMs: 30_000,
    })
  }

  it('holds what the page sent, its origin and no key', () => {
    const text = JSON.stringify(har)
    expect(text).toContain(`"value":"http://localhost:${site.port}"`)
    expect(text).not.toContain(KEY_IN_THE_APP)
  })

  it('replays green against a correct server, the ids carried to the ones it answered', async () => {
    const report = await replayOn(createMockApp({ seed: 9 }))

    expect(
      report.exchanges.map((e) => `${e.operationId} ${e.outcome}`),
      formatReplayReport(report),
    ).toEqual([
      'createWorker passed',
      'updateWorker passed',
      'updateLlmProvider passed',
      'updateWorker passed',
    ])
    const carried = report.idsCarried.find((pair) => pair.recorded === recordedId)
    expect(carried?.target).toMatch(/^wrk_/)
    expect(carried?.target).not.toBe(recordedId)
    expect(report.exchanges[1]?.sent?.url).toContain(`/v1/workers/${carried?.target}`)
    expect(JSON.stringify(report)).not.toContain(KEY_IN_CI)
  })

  it.each([
    ['a worker without isMine', missingIsMine.app, 0, /isMine/],
    ['a rename that keeps the old name', renameNotApplied.app, 1, /name/],
    ['a rename of an unknown worker answered 200', renamesUnknownWorker.app, 3, /4xx.*2xx/],
  ])('replays red against a server with %s, naming the exchange', async (_, app, index, said) => {
    const report = await replayOn(app)
    const failed = report.exchanges.filter((e) => e.outcome === 'failed')

    expect(failed[0]?.index, formatReplayReport(report)).toBe(index)
    expect(formatReplayReport(report)).toMatch(said)
  })
})
