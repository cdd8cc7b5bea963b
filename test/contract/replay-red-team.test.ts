// What a blind red team found in `contract --replay` (docs/replay.md), each as a kind: a recorded
// credential is never sent again, wherever it stands (a query, a body's secret field); a request
// the run's bound cut is not the target's failure; a worker the target did not make is named as
// such; the mask is never a value to send; a refused create is no worker; an id is carried
// wherever it stands as a token; a file with nothing of the API's is no green run.
import { describe, expect, it } from 'vitest'
import { replayRecording } from '../../src/contract/replay/index.js'
import { createMockApp } from '../../src/mock/app.js'

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJyZWQtdGVhbSJ9.REDTEAMsignatureOFaJWT0123456789'
const REAL_KEY = 'sk-devtools-real-key-55667788'
const API = 'https://app.example'

type Sent = { readonly url: string; readonly body: string }

/** A HAR entry of the API as DevTools writes it, answered as `answer` says. */
const entry = (method: string, url: string, body: unknown, status: number, answer: unknown) => ({
  request: {
    method,
    url: `${API}${url}`,
    headers: [{ name: 'content-type', value: 'application/json' }],
    postData: { mimeType: 'application/json', text: JSON.stringify(body) },
  },
  response: { status, content: { text: JSON.stringify(answer) } },
})

const WORKER = 'wrk_01h455vb4pex5vsknk084sn02q'
const created = (id = WORKER) => ({ worker: { id, name: 'w' } })

/** Replays `entries` against a fresh mock (or `answer`), keeping what the target received. */
const replay = async (
  entries: unknown[],
  options: {
    maskedValues?: Record<string, string>
    answer?: (url: string) => Promise<Response> | Response | undefined
    runTimeoutMs?: number
    timeoutMs?: number
  } = {},
) => {
  const target = createMockApp()
  const sent: Sent[] = []
  const report = await replayRecording({
    baseUrl: 'http://target.test',
    har: { log: { entries } },
    ...target.ids,
    ...(options.maskedValues ? { maskedValues: options.maskedValues } : {}),
    ...(options.runTimeoutMs ? { runTimeoutMs: options.runTimeoutMs } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    fetch: async (input, init) => {
      const request = new Request(input, init)
      if (request.url.includes('/v1/'))
        sent.push({ url: request.url, body: await request.clone().text() })
      return (await options.answer?.(request.url)) ?? target.request(request)
    },
  })
  return { report, sent }
}

describe('contract --replay, the red team kinds', () => {
  it("never sends a recorded credential of a query: it is dropped, as -H's are the run's", async () => {
    const { sent, report } = await replay([
      entry(
        'POST',
        `/v1/workers?access_token=${JWT}&sig=abc123&tag=kept`,
        { name: 'q', destination: 'local' },
        201,
        created(),
      ),
    ])
    expect(sent.map((s) => new URL(s.url).search)).toEqual(['?tag=kept'])
    expect(JSON.stringify(report)).not.toContain(JWT)
  })

  it('never sends a secret a body recorded in the clear: the flag gives it, else the exchange is skipped', async () => {
    const provider = (ids: { orgId: string; llmProviderId: string }) =>
      entry(
        'PATCH',
        `/v1/orgs/${ids.orgId}/llm-providers/${ids.llmProviderId}`,
        { source: 'custom', apiKey: REAL_KEY },
        200,
        { llmProvider: {} },
      )
    // The same key inside a longer text of another field: that field holds a secret too.
    const inText = (ids: { orgId: string; llmProviderId: string }) =>
      entry(
        'PATCH',
        `/v1/orgs/${ids.orgId}/llm-providers/${ids.llmProviderId}`,
        { source: 'custom', apiKey: REAL_KEY, customConfigText: `key: ${REAL_KEY}` },
        200,
        { llmProvider: {} },
      )
    const ids = createMockApp().ids
    const filled = await replay([provider(ids)], {
      maskedValues: { '/apiKey': 'sk-from-the-flag-1234' },
    })
    const bare = await replay([provider(ids)])
    const embedded = await replay([inText(ids)], {
      maskedValues: { '/apiKey': 'sk-from-the-flag-1234' },
    })

    expect(JSON.parse(filled.sent[0]?.body ?? '{}').apiKey).toBe('sk-from-the-flag-1234')
    expect(bare.sent).toEqual([])
    expect(bare.report.exchanges[0]?.skipReason).toContain('holds a secret at /apiKey')
    expect(embedded.sent).toEqual([])
    expect(embedded.report.exchanges[0]?.skipReason).toContain(
      'holds a secret at /customConfigText',
    )
    for (const { report } of [filled, bare, embedded])
      expect(JSON.stringify(report)).not.toContain(REAL_KEY)
  })

  it('refuses the mask as a value to send', async () => {
    await expect(
      replay([entry('POST', '/v1/workers', { name: 'm', destination: 'local' }, 201, created())], {
        maskedValues: { '/apiKey': '[REDACTED]' },
      }),
    ).rejects.toThrow(/holds the mask/)
  })

  it('calls a request the run bound cut skipped, never the target failing', async () => {
    const late = () =>
      new Promise<Response>((resolve) => {
        setTimeout(() => resolve(new Response('{}', { status: 201 })), 1_500).unref()
      })
    const { report } = await replay(
      [entry('POST', '/v1/workers', { name: 's', destination: 'local' }, 201, created())],
      { runTimeoutMs: 500, answer: (url) => (url.includes('/v1/') ? late() : undefined) },
    )
    expect(report.exchanges.map((e) => [e.outcome, e.skipReason])).toEqual([
      ['skipped', 'run timeout (--run-timeout)'],
    ])
    expect(report.abortedBecause).toBe('run timeout (--run-timeout)')
  })

  it('says the target did not make a worker the recording made, and counts no refused create', async () => {
    const { report } = await replay(
      [
        entry('POST', '/v1/workers', { name: 'a', destination: 'local' }, 201, created()),
        entry('PATCH', `/v1/workers/${WORKER}`, { name: 'b' }, 200, created()),
      ],
      {
        answer: (url) =>
          url.endsWith('/v1/workers')
            ? new Response('{"error":"boom"}', {
                status: 500,
                headers: { 'content-type': 'application/json' },
              })
            : undefined,
      },
    )
    expect(report.exchanges[1]?.skipReason).toBe(
      `names ${WORKER}, not created: its create (#0) was answered 500 by the target, with no worker`,
    )
    expect(report.workersCreated).toBe(0)
  })

  it('carries an id wherever it stands as a token, in a body string too', async () => {
    const { sent, report } = await replay([
      entry('POST', '/v1/workers', { name: 'a', destination: 'local' }, 201, created()),
      entry('PATCH', `/v1/workers/${WORKER}`, { name: `copy of ${WORKER}` }, 200, created()),
    ])
    const target = report.idsCarried[0]?.target ?? ''
    expect(JSON.parse(sent[1]?.body ?? '{}').name).toBe(`copy of ${target}`)
  })

  it('refuses a file with no exchange of the API: a replay of nothing is no green run', async () => {
    await expect(
      replay([
        {
          request: { method: 'GET', url: `${API}/`, headers: [] },
          response: { status: 200, content: {} },
        },
      ]),
    ).rejects.toThrow(/no exchange of the API's operations in its 1 entries/)
  })
})
