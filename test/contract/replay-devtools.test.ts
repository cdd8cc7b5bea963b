// A HAR as a browser's DevTools saves it, replayed: pages, other hosts, other paths of the app's
// host, the API under a prefix, a body encoded in base64, a value a tool masked, a worker the
// recording never created, a call shaped by `Prefer`. What can be replayed is; the rest is listed.
import { describe, expect, it } from 'vitest'
import {
  formatReplayJson,
  formatReplayReport,
  replayRecording,
} from '../../src/contract/replay/index.js'
import { createMockApp } from '../../src/mock/app.js'

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhcHAtdXNlciJ9.c2lnbmF0dXJlLW9mLXRoZS1hcHA'
const SEEDED = 'wrk_01h455vb4pex5vsknk084sn02q'

type Entry = Record<string, unknown>

/** The app's calls, answered by a mock whose answers the HAR keeps (as the browser saw them). */
const devtoolsHar = async () => {
  const app = createMockApp()
  const entry = async (
    method: string,
    path: string,
    body: unknown,
    extra: Record<string, string> = {},
  ): Promise<Entry & { readonly answered: string }> => {
    const headers = { 'content-type': 'application/json', ...extra }
    const res = await app.request(path, { method, headers, body: JSON.stringify(body) })
    const text = await res.text()
    return {
      answered: text,
      pageref: 'page_2',
      startedDateTime: new Date().toISOString(),
      request: {
        method,
        url: `https://app.example/api${path}`,
        headers: [
          ...Object.entries(headers).map(([name, value]) => ({ name, value })),
          { name: 'Authorization', value: `Bearer ${TOKEN}` },
        ],
        postData: { mimeType: 'application/json', text: JSON.stringify(body) },
      },
      response: {
        status: res.status,
        headers: [{ name: 'content-type', value: res.headers.get('content-type') ?? '' }],
        content: { mimeType: 'application/json', text: btoa(text), encoding: 'base64' },
      },
    }
  }
  const other = (url: string, method = 'GET'): Entry => ({
    pageref: 'page_1',
    request: { method, url, headers: [] },
    response: { status: 200, content: { text: '' } },
  })
  const created = await entry('POST', '/v1/workers', {
    name: 'from devtools',
    destination: 'local',
  })
  const createdText = atob(
    String((created['response'] as { content: { text: string } }).content.text),
  )
  const id: string = JSON.parse(createdText).worker.id
  const seeded = await entry('POST', '/v1/workers', { name: 'seeded', destination: 'local' })
  void seeded
  const providerPath = `/v1/orgs/${app.ids.orgId}/llm-providers/${app.ids.llmProviderId}`
  const entries: Entry[] = [
    other('https://app.example/index.html'),
    other('https://cdn.example/app.js'),
    created,
    await entry('PATCH', `/v1/workers/${id}`, { name: 'renamed in devtools' }),
    await entry('PATCH', providerPath, { source: 'custom', apiKey: '[REDACTED]' }),
    other('https://analytics.example/v1/workers', 'POST'),
    // A worker of the mock's seed, renamed: answered 200 there, unknown to any target.
    {
      ...(await entry('PATCH', `/v1/workers/${id}`, { name: 'seeded one' })),
      request: {
        method: 'PATCH',
        url: `https://app.example/api/v1/workers/${SEEDED}`,
        headers: [{ name: 'content-type', value: 'application/json' }],
        postData: { mimeType: 'application/json', text: '{"name":"seeded one"}' },
      },
    },
    await entry(
      'POST',
      '/v1/workers',
      { name: 'rate limited', destination: 'local' },
      { prefer: 'code=429' },
    ),
  ]
  return {
    log: {
      version: '1.2' as const,
      creator: { name: 'WebInspector', version: '537.36' },
      pages: [
        { id: 'page_1', title: 'https://app.example/' },
        { id: 'page_2', title: 'Workers — Console' },
      ],
      entries,
    },
  }
}

describe('contract --replay of a DevTools HAR', () => {
  it('replays what it can, lists the rest with why, and counts what is not the API', async () => {
    const target = createMockApp()
    const report = await replayRecording({
      baseUrl: 'http://target.test',
      har: await devtoolsHar(),
      recording: 'session.har',
      fetch: async (input, init) => target.request(input, init),
      ...target.ids,
    })
    const outcomes = report.exchanges.map((e) => `#${e.index} ${e.page} ${e.outcome}`)

    expect(outcomes).toEqual([
      '#2 Workers — Console passed',
      '#3 Workers — Console passed',
      '#4 Workers — Console skipped',
      '#6 Workers — Console skipped',
      '#7 Workers — Console passed',
    ])
    expect(report.recordedOrigin).toBe('https://app.example')
    expect(report.leftOut).toEqual({
      otherHosts: { 'https://cdn.example': 1, 'https://analytics.example': 1 },
      otherPaths: 1,
    })
    expect(report.exchanges[2]?.skipReason).toContain('--masked-value /apiKey=')
    expect(report.exchanges[3]?.skipReason).toContain(`--id-map ${SEEDED}=`)
    // The 429 the app was answered was the mock's `Prefer`: the request is replayed, the answer is no expectation.
    expect(report.exchanges[4]?.shapedBy).toBe('shaped by Prefer: code=429')
    expect(report.exchanges[4]?.sent?.status).toBe(201)
    expect(report.exchanges[4]?.consumer).toEqual([])
    const printed = formatReplayReport(report)
    expect(printed).toContain(
      '#4 (page "Workers — Console") updateLlmProvider: its body holds a secret at /apiKey',
    )
    expect(printed).toContain('2 entries to other hosts')
    for (const text of [printed, formatReplayJson(report)]) expect.soft(text).not.toContain(TOKEN)
  })

  it('sends the seeded worker to the id --id-map names', async () => {
    const target = createMockApp()
    const made = await target.request('/v1/workers', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'on the target', destination: 'local' }),
    })
    const onTarget: string = (await made.json()).worker.id
    const report = await replayRecording({
      baseUrl: 'http://target.test',
      har: await devtoolsHar(),
      fetch: async (input, init) => target.request(input, init),
      idMap: { [SEEDED]: onTarget },
    })
    expect(report.exchanges[3]?.outcome).toBe('passed')
    expect(report.exchanges[3]?.sent?.url).toBe(`http://target.test/v1/workers/${onTarget}`)
  })

  it('carries ids into a query, and holds no answer that was about the caller, a fault or none', async () => {
    const target = createMockApp()
    const sent: string[] = []
    const har = await devtoolsHar()
    const entries = har.log.entries
    const rename = entries[3] as { request: { url: string }; response: { status: number } }
    const id = rename.request.url.split('/').pop() ?? ''
    const withStatus = (status: number, url: string) => ({
      request: {
        method: 'PATCH',
        url,
        headers: [{ name: 'content-type', value: 'application/json' }],
        postData: { text: '{"name":"again"}' },
      },
      response: { status, content: { text: '' } },
    })
    const base = rename.request.url
    entries.push(
      withStatus(0, `${base}?after=${id}`),
      withStatus(429, base),
      withStatus(503, base),
      withStatus(401, base),
    )
    const report = await replayRecording({
      baseUrl: 'http://target.test',
      har,
      fetch: async (input, init) => {
        sent.push(new Request(input).url)
        return target.request(input, init)
      },
    })
    const carried = report.idsCarried.find((pair) => pair.recorded === id)?.target ?? ''

    expect(sent).toContain(`http://target.test/v1/workers/${carried}?after=${carried}`)
    expect(report.exchanges.slice(-4).map((e) => [e.outcome, e.shapedBy])).toEqual([
      ['passed', 'no answer was recorded'],
      ['passed', 'the recorded 429 was about the caller, not the request'],
      ['passed', "the recorded 503 was a fault of the server's"],
      ['passed', 'the recorded 401 was about the caller, not the request'],
    ])
  })

  it('refuses a file that is no HAR, naming the place', async () => {
    await expect(
      replayRecording({
        baseUrl: 'http://target.test',
        har: { log: { entries: [{ request: { method: 'GET' } }] } },
        fetch: async () => new Response(''),
      }),
    ).rejects.toThrow(/log\.entries\[0\]\.request\.url/)
  })
})
