// The mock's --scenario FILE.har, run in-process (src/cli/run-cli.ts, as the bin runs it).
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, onTestFinished } from 'vitest'
import { createMockApp } from '../../src/mock/app.js'
import { MAX_HAR_FILE_BYTES } from '../../src/mock/scenario-file-bounds.js'
import { startMockServer } from '../../src/mock/server.js'
import { cleanUpAfterEach } from '../helpers/clean-up.js'
import { type RunningMock, runCli, startMock, stopRunning } from '../helpers/cli-in-process.js'
import { State } from '../helpers/mock-state.js'

const { servers } = cleanUpAfterEach<{ close(): Promise<void> }>()
afterEach(stopRunning)

const TOKEN = 'PLANTED-bearer-91b2c3d4e5f6a7b8'
const API_KEY = 'sk-PLANTED-4f1c9a7e2b5d8e0f3a6c'
const SECRET_MARK = 'PLANTED'

const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'wak-cli-har-'))
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

const call = async (url: string, init: RequestInit = {}) => {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(5_000) })
  return { status: res.status, headers: res.headers, text: await res.text() }
}

const json = (method: string, body: unknown, headers: Record<string, string> = {}) => ({
  method,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
})

const stateOf = async (url: string) => {
  const res = await call(`${url}/__mock/state`)
  return { text: res.text, state: State.parse(JSON.parse(res.text)) }
}

const workersOf = (state: StateShape) =>
  state.workers.map(({ worker }) => ({ id: worker.id, name: worker.name, status: worker.status }))
type StateShape = ReturnType<typeof State.parse>

const stop = async ({ cli }: RunningMock) => {
  cli.signal('SIGTERM')
  return cli.exit()
}

const linesOf = (text: string) => text.split('\n').filter((line) => line.trim() !== '')

/** A HAR entry as Chrome's DevTools writes one, with its `_` extras. */
const chromeEntry = (
  method: string,
  url: string,
  status: number,
  options: {
    headers?: { name: string; value: string }[]
    postData?: unknown
    answer?: unknown
    mimeType?: string
    base64?: boolean
    resourceType?: string
  } = {},
) => {
  const text =
    options.answer === undefined
      ? undefined
      : typeof options.answer === 'string'
        ? options.answer
        : JSON.stringify(options.answer)
  return {
    _initiator: {
      type: 'script',
      stack: { callFrames: [{ functionName: 'load', lineNumber: 1 }] },
    },
    _priority: 'High',
    _resourceType: options.resourceType ?? 'fetch',
    cache: {},
    connection: '443',
    request: {
      method,
      url,
      httpVersion: 'http/2.0',
      headers: [{ name: ':authority', value: new URL(url).host }, ...(options.headers ?? [])],
      queryString: [],
      cookies: [],
      headersSize: -1,
      bodySize: 0,
      ...(options.postData === undefined
        ? {}
        : { postData: { mimeType: 'application/json', text: JSON.stringify(options.postData) } }),
    },
    response: {
      status,
      statusText: '',
      httpVersion: 'http/2.0',
      headers: [{ name: 'content-type', value: options.mimeType ?? 'application/json' }],
      cookies: [],
      content: {
        size: text?.length ?? 0,
        mimeType: options.mimeType ?? 'application/json',
        ...(text === undefined
          ? {}
          : options.base64
            ? { text: Buffer.from(text).toString('base64'), encoding: 'base64' }
            : { text }),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
      _transferSize: 512,
      _error: null,
    },
    serverIPAddress: '203.0.113.7',
    startedDateTime: '2026-03-01T10:00:00.000Z',
    time: 42.5,
    timings: { blocked: 1, dns: -1, ssl: -1, connect: -1, send: 0.1, wait: 40, receive: 1.4 },
  }
}

/** Real answers of the three operations, from an in-process mock, as staging would give them. */
const stagingAnswers = async () => {
  const app = createMockApp({ scenario: 'empty' })
  const { orgId, llmProviderId } = app.ids
  const create = async (name: string) =>
    (await app.request('/v1/workers', json('POST', { name, destination: 'local' }))).json()
  const first = await create('staging build box')
  const second = await create('staging runner')
  const elsewhere = await create('on another host')
  const workerId = String(Reflect.get(Reflect.get(Object(second), 'worker'), 'id'))
  const renamed = await (
    await app.request(`/v1/workers/${workerId}`, json('PATCH', { name: 'staging runner 2' }))
  ).json()
  const providerPath = `/v1/orgs/${orgId}/llm-providers/${llmProviderId}`
  const providerBody = { source: 'custom', apiKey: API_KEY, customConfigText: `key=${API_KEY}` }
  const provider = await (await app.request(providerPath, json('PATCH', providerBody))).json()
  return { first, second, elsewhere, renamed, workerId, providerPath, providerBody, provider }
}

describe('mock --scenario FILE.har', () => {
  it('gives back the same workers and organization from a HAR the mock exported (round trip)', async () => {
    const first = await startMockServer({ port: 0, scenario: 'empty' })
    servers.push(first)
    for (const name of ['alpha', 'beta', 'gamma']) {
      expect(
        (await call(`${first.url}/v1/workers`, json('POST', { name, destination: 'local' })))
          .status,
      ).toBe(201)
    }
    const before = await stateOf(first.url)
    const renamedId = before.state.workers[1]?.worker.id ?? ''
    await call(`${first.url}/v1/workers/${renamedId}`, json('PATCH', { name: 'beta renamed' }))
    const expected = workersOf((await stateOf(first.url)).state)

    const har = await call(`${first.url}/__mock/requests.har`)
    const file = join(tempDir(), 'exported.har')
    writeFileSync(file, har.text)

    const second = await startMock(['--scenario', file, '--watch', '--quiet'])
    expect.soft(second.cli.stdout()).toContain('(watched)')
    expect.soft(second.banner.orgId).toBe(first.app.ids.orgId)
    // By id: a recording lists a worker where it was last seen (the rename moves `beta` last).
    const byId = (workers: { id: string; name: string }[]) =>
      workers.map(({ id, name }) => ({ id, name })).sort((a, b) => a.id.localeCompare(b.id))
    const after = workersOf((await stateOf(second.url)).state)
    expect.soft(byId(after)).toEqual(byId(expected))
    expect.soft(after).toHaveLength(3)
    expect.soft(await stop(second)).toMatchObject({ code: 0 })
  })

  it('reads a DevTools HAR: the API exchanges only, and none of its secrets anywhere', async () => {
    const staging = await stagingAnswers()
    const base = 'https://staging.example.com/api'
    const auth = [{ name: 'authorization', value: `Bearer ${TOKEN}` }]
    const firstWorker = Object(Reflect.get(Object(staging.first), 'worker'))
    // A staging answer carries the token it was called with in a field the mock keeps.
    firstWorker.description = `made with ${TOKEN}`
    const entries = [
      chromeEntry('GET', 'https://staging.example.com/', 200, {
        answer: '<!doctype html><title>app</title>',
        mimeType: 'text/html',
        resourceType: 'document',
      }),
      chromeEntry('GET', 'https://cdn.other.example/app.js', 200, {
        answer: 'console.log(1)',
        mimeType: 'text/javascript',
        resourceType: 'script',
      }),
      chromeEntry('GET', 'https://fonts.other.example/inter.woff2', 200, {
        answer: '\u0000\u0001binary',
        mimeType: 'font/woff2',
        base64: true,
        resourceType: 'font',
      }),
      chromeEntry('POST', `${base}/v1/workers`, 201, {
        headers: auth,
        postData: { name: 'staging build box', destination: 'local' },
        answer: staging.first,
        base64: true,
      }),
      chromeEntry('POST', `${base}/v1/workers`, 201, {
        headers: auth,
        postData: { name: 'staging runner', destination: 'local' },
        answer: staging.second,
      }),
      chromeEntry('PATCH', `${base}/v1/workers/${staging.workerId}`, 200, {
        headers: auth,
        postData: { name: 'staging runner 2' },
        answer: staging.renamed,
      }),
      chromeEntry('PATCH', `${base}${staging.providerPath}`, 200, {
        headers: auth,
        postData: staging.providerBody,
        answer: staging.provider,
      }),
      chromeEntry('GET', 'https://analytics.other.example/collect?tid=1', 204, {
        headers: [{ name: 'cookie', value: `session=${TOKEN}` }],
      }),
      // The same path on another host (a second backend, a tracker): not the API's exchanges.
      chromeEntry('POST', 'https://analytics.other.example/v1/workers', 201, {
        postData: { name: 'on another host', destination: 'local' },
        answer: staging.elsewhere,
      }),
    ]
    const file = join(tempDir(), 'staging.har')
    writeFileSync(
      file,
      JSON.stringify({
        log: {
          version: '1.2',
          creator: { name: 'WebInspector', version: '537.36' },
          pages: [{ id: 'page_1', title: 'app', startedDateTime: '2026-03-01T10:00:00.000Z' }],
          entries,
        },
      }),
    )

    const mock = await startMock(['--scenario', file, '--quiet'])
    expect.soft(mock.cli.stdout()).not.toContain(SECRET_MARK)
    const { text, state } = await stateOf(mock.url)
    expect.soft(text).not.toContain(SECRET_MARK)
    expect
      .soft(workersOf(state).map(({ name }) => name))
      .toEqual(['staging build box', 'staging runner 2'])
    expect.soft(workersOf(state).map(({ id }) => id)).toEqual([firstWorker.id, staging.workerId])
    expect.soft(state.orgId).toBe(firstWorker.orgId)
    expect.soft(state.workers[0]?.worker.description).toContain('[REDACTED]')
    expect.soft(state.llmProviders[0]?.hasApiKey).toBe(true)
    expect.soft(state.llmProviders[0]?.apiKeyLastFour).toBe(API_KEY.slice(-4))
    expect.soft(state.llmProviders[0]?.customConfigText ?? '').not.toContain(SECRET_MARK)
    await call(`${mock.url}/v1/workers`, json('POST', { name: 'after', destination: 'local' }))
    const journal = await call(`${mock.url}/__mock/requests`)
    expect.soft(journal.text).not.toContain(SECRET_MARK)
    // Where the admin API can export the scenario (issue 21), the export holds none either.
    const exported = await call(`${mock.url}/__mock/scenario/export`)
    if (exported.status === 200) expect.soft(exported.text).not.toContain(SECRET_MARK)
    expect.soft(await stop(mock)).toMatchObject({ code: 0 })
  })

  const anEntry = () => chromeEntry('GET', 'https://staging.example.com/', 200, { answer: 'ok' })
  /** A HAR whose one entry nests `levels` arrays deep, written as text (JSON.stringify would overflow). */
  const deepHar = (levels: number) =>
    JSON.stringify({ log: { entries: [{ ...anEntry(), _initiator: 'DEEP' }] } }).replace(
      '"DEEP"',
      `${'['.repeat(levels)}0${']'.repeat(levels)}`,
    )
  it.each([
    ['text that is not JSON', 'not json {', 'is invalid: not JSON'],
    ['JSON that is no HAR', { hello: 'world' }, 'is invalid: log: '],
    ['entries that are no list', { log: { entries: 5 } }, 'is invalid: log.entries: '],
    [
      'a bad entry',
      {
        log: {
          entries: [
            anEntry(),
            anEntry(),
            anEntry(),
            { ...anEntry(), response: { status: 200, content: 'x' } },
          ],
        },
      },
      'is invalid: log.entries[3].response.content: ',
    ],
    [
      'an encoding not known',
      {
        log: {
          entries: [
            {
              ...chromeEntry('POST', 'https://s.example/v1/workers', 201, { answer: '{}' }),
              response: { status: 201, content: { text: 'x', encoding: 'gzip' } },
            },
          ],
        },
      },
      'is invalid: log.entries[0].response.content.encoding: ',
    ],
    ['nesting past the bound', deepHar(10_000), 'is invalid: log.entries[0]._initiator[0][0]'],
  ])('exits 2 with one line naming the place for %s', async (_label, content, place) => {
    const file = join(tempDir(), 'hostile.har')
    writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content))
    const { code, stdout, stderr } = await runCli(['mock', '--port', '0', '--scenario', file])
    expect.soft(code).toBe(2)
    expect.soft(stdout).toBe('')
    expect.soft(linesOf(stderr)).toHaveLength(1)
    expect.soft(stderr).toMatch(/^\[worker-api-kit\] /)
    expect.soft(stderr).toContain(`${file} ${place}`)
  })

  it('exits 2 with one line for a HAR over its bound, read no further', async () => {
    const file = join(tempDir(), 'huge.har')
    writeFileSync(file, '')
    truncateSync(file, MAX_HAR_FILE_BYTES + 1)
    const { code, stderr } = await runCli(['mock', '--port', '0', '--scenario', file])
    expect.soft(code).toBe(2)
    expect.soft(linesOf(stderr)).toHaveLength(1)
    expect.soft(stderr).toContain(`${file} is invalid: too large; a HAR file has at most`)
  })
})
