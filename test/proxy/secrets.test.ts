import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { createMockApp } from '../../src/mock/app.js'
import { createProxyApp } from '../../src/proxy/create-proxy-app.js'

const BEARER = 'tok-live-4b1f9e0c2d7a4f3b8e6d'
const STAGING_KEY = 'stg-key-9c8b7a6f5e4d3c2b1a'
const API_KEY = 'sk-live-0123456789abcdefXYZ'

/** Every form a secret could be written in by a careless target (whole, in base64, URL-escaped). */
const formsOf = (secret: string) => [
  secret,
  Buffer.from(secret).toString('base64'),
  encodeURIComponent(secret),
]

const leaks = (text: string) =>
  [BEARER, STAGING_KEY, API_KEY].flatMap(formsOf).filter((form) => text.includes(form))

/**
 * A target that echoes every secret it is sent back in its answers: in an error text, under a
 * field of another name, and in a header. The proxy must mask all of it wherever it writes.
 */
const careless = () => {
  const mock = createMockApp()
  const app = new Hono()
  app.all('*', async (c) => {
    const sent = await c.req.text()
    const auth = c.req.header('authorization') ?? ''
    const key = c.req.header('x-api-key') ?? ''
    if (c.req.path.includes('llm-providers')) {
      return c.json(
        {
          error: `rejected ${sent} for ${auth}`,
          echo: Buffer.from(auth).toString('base64'),
          key,
        },
        400,
        { 'x-echo': auth },
      )
    }
    return mock.request(c.req.url, { method: c.req.method, headers: c.req.raw.headers, body: sent })
  })
  return { app, ids: mock.ids }
}

/**
 * Our mock behind a target that changes each of its answers (`edit`: given the answer, the body
 * the request sent and its path), and a proxy in front of that target.
 */
const proxyInFrontOf = (
  edit: (answer: Response, sent: string, path: string) => Response | Promise<Response>,
  options: Omit<Parameters<typeof createProxyApp>[0], 'target' | 'fetch'> = {},
) => {
  const mock = createMockApp()
  const app = new Hono()
  app.all('*', async (c) => {
    const sent = await c.req.text()
    const answer = await mock.request(c.req.url, {
      method: c.req.method,
      headers: c.req.raw.headers,
      body: sent,
    })
    return edit(answer, sent, c.req.path)
  })
  const proxy = createProxyApp({
    target: 'http://target.test',
    fetch: async (input, init) => app.request(input, init),
    ...options,
  })
  return { mock, proxy }
}

/** A created worker's answer with `changes` made to its worker (status 201 kept). */
const withWorker = async (answer: Response, changes: Record<string, unknown>) => {
  const json = (await answer.json()) as { worker: Record<string, unknown> }
  return Response.json({ ...json, worker: { ...json.worker, ...changes } }, { status: 201 })
}

describe('secrets through the proxy', () => {
  it('never appear in its log, journal, answers it writes, or recording', async () => {
    const target = careless()
    const lines: string[] = []
    const proxy = createProxyApp({
      target: 'http://target.test',
      headers: { 'x-api-key': STAGING_KEY },
      fetch: async (input, init) => target.app.request(input, init),
      log: (line) => lines.push(line),
    })
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${BEARER}` }
    const created = await proxy.request('/v1/workers', {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: `worker ${BEARER}`, destination: 'local' }),
    })
    expect(created.status).toBe(201)
    const provider = await proxy.request(
      `/v1/orgs/${target.ids.orgId}/llm-providers/${target.ids.llmProviderId}`,
      {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ source: 'custom', apiKey: API_KEY }),
      },
    )
    expect(provider.status).toBe(400)
    await provider.arrayBuffer()
    const journal = await proxy.request('/__mock/requests')
    const journalText = await journal.text()
    expect(journal.status).toBe(200)
    expect(journalText).toContain('[REDACTED]')
    // the create echoed the bearer token in the worker's name: masked in the journal too
    expect(leaks(journalText)).toEqual([])
    expect(leaks(lines.join('\n'))).toEqual([])
    expect(leaks(JSON.stringify(proxy.recording.scenario()))).toEqual([])
    expect(leaks(JSON.stringify(proxy.journal.list()))).toEqual([])
    // The secret-not-echoed check saw the key come back: a violation, itself masked.
    const violations = proxy.journal.list().flatMap((e) => e.violations ?? [])
    expect(violations.map((v) => v.check)).toContain('secret-not-echoed')
  })
})

describe('a masked value in the journal', () => {
  it("never claims the length of the mask as the secret's when the proxy masked it first", async () => {
    const mock = createMockApp()
    const proxy = createProxyApp({
      target: 'http://target.test',
      fetch: async (input, init) => mock.request(input, init),
    })
    await proxy.request(`/v1/orgs/${mock.ids.orgId}/llm-providers/${mock.ids.llmProviderId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ source: 'custom', apiKey: API_KEY }),
    })
    const text = JSON.stringify(proxy.journal.list())
    expect(text).not.toContain('(10 chars)')
    expect(text).toContain('"apiKey":"[REDACTED]"')
  })
})

describe('a credential echoed as hex or HTML references', () => {
  const refs = (text: string, radix: 10 | 16) =>
    [...text].map((c) => `&#${radix === 16 ? 'x' : ''}${c.charCodeAt(0).toString(radix)};`).join('')
  const FORMS = [
    Buffer.from(STAGING_KEY).toString('hex'),
    Buffer.from(STAGING_KEY).toString('hex').toUpperCase(),
    refs(STAGING_KEY, 10),
    refs(STAGING_KEY, 16),
  ]

  it('is masked in the journal and the recording', async () => {
    const { proxy } = proxyInFrontOf(
      async (answer) => {
        const json = (await answer.json()) as { worker: Record<string, unknown> }
        json.worker['description'] = FORMS.join(' ')
        return Response.json({ ...json, note: `<p>${FORMS.join('</p><p>')}</p>` }, { status: 201 })
      },
      { headers: { 'x-api-key': STAGING_KEY } },
    )

    const created = await proxy.request('/v1/workers', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'w', destination: 'local' }),
    })
    expect(created.status).toBe(201)
    const outputs = [
      await (await proxy.request('/__mock/requests')).text(),
      JSON.stringify(proxy.recording.scenario()),
    ]

    for (const text of outputs) expect(FORMS.filter((form) => text.includes(form))).toEqual([])
    expect(outputs[1]).toContain('[REDACTED]')
  })

  it('masks the app bearer echoed with every character as a JSON escape, in the journal', async () => {
    const escaped = [...BEARER]
      .map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
      .join('')
    const { proxy } = proxyInFrontOf(async (answer) => {
      const text = await answer.text()
      // The worker's name as the escapes spell the token: the same JSON value, another spelling.
      return new Response(text.replace('"name":"w"', `"name":"${escaped}"`), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      })
    })
    const created = await proxy.request('/v1/workers', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${BEARER}` },
      body: JSON.stringify({ name: 'w', destination: 'local' }),
    })
    expect(((await created.json()) as { worker: { name: string } }).worker.name).toBe(BEARER)
    const journal = await (await proxy.request('/__mock/requests')).text()
    const recorded = JSON.stringify(proxy.recording.scenario())
    expect(leaks(journal)).toEqual([])
    expect(leaks(recorded)).toEqual([])
  })

  it('masks in its log line a path that holds a key sent earlier, or its own credential', async () => {
    const mock = createMockApp()
    const lines: string[] = []
    const proxy = createProxyApp({
      target: 'http://target.test',
      headers: { 'x-api-key': STAGING_KEY },
      fetch: async (input, init) => mock.request(input, init),
      log: (line) => lines.push(line),
    })
    const updated = await proxy.request(
      `/v1/orgs/${mock.ids.orgId}/llm-providers/${mock.ids.llmProviderId}`,
      {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ source: 'custom', apiKey: API_KEY }),
      },
    )
    expect(updated.status).toBe(200)
    for (const path of [`/v1/workers/${API_KEY}`, `/v1/workers/${STAGING_KEY}`])
      await proxy.request(path, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'n' }),
      })
    expect(lines.length).toBe(3)
    expect(leaks(lines.join('\n'))).toEqual([])
    expect(lines.at(-1)).toContain('/v1/workers/[REDACTED]')
  })

  it('masks a cookie of the app echoed without its name, in base64 too', async () => {
    const sid = 's3ss10n-0123456789abcdef'
    const { proxy } = proxyInFrontOf((answer) =>
      withWorker(answer, {
        description: `${sid} dark`,
        imageVersion: Buffer.from(sid).toString('base64'),
      }),
    )
    const created = await proxy.request('/v1/workers', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `sid=${sid}; theme=dark` },
      body: JSON.stringify({ name: 'w', destination: 'local' }),
    })
    expect(created.status).toBe(201)
    const journal = await (await proxy.request('/__mock/requests')).text()
    const recorded = JSON.stringify(proxy.recording.scenario())
    for (const text of [journal, recorded]) {
      expect(text).not.toContain(sid)
      expect(text).not.toContain(Buffer.from(sid).toString('base64'))
    }
    expect(recorded).toContain('dark') // a short cookie is no credential of its own
  })

  it('masks a session the target sets (Set-Cookie, X-Auth-Token) wherever a later answer echoes it', async () => {
    const sid = 'srv-s3ss10n-0123456789abcdef'
    const authToken = 'srv-auth-token-9876543210fedcba'
    let answers = 0
    const { proxy } = proxyInFrontOf(async (answer) => {
      answers++
      if (answers === 1) {
        const first = await withWorker(answer, {})
        first.headers.append('set-cookie', `sid=${sid}; Path=/; HttpOnly`)
        first.headers.set('x-auth-token', authToken)
        return first
      }
      return withWorker(answer, { description: `was ${sid} and ${authToken}` })
    })
    for (let i = 0; i < 2; i++) {
      const created = await proxy.request('/v1/workers', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: `w${i}`, destination: 'local' }),
      })
      expect(created.status).toBe(201)
    }
    const journal = await (await proxy.request('/__mock/requests')).text()
    const recorded = JSON.stringify(proxy.recording.scenario())
    for (const text of [journal, recorded]) {
      expect.soft(text).not.toContain(sid)
      expect.soft(text).not.toContain(authToken)
    }
  })

  it('masks a key an earlier update sent wherever a later exchange repeats or echoes it', async () => {
    // The target keeps the last key it was sent and echoes it later, in a worker's fields, whole
    // and in base64; the app repeats it in a later update of its own.
    let kept = ''
    const { mock, proxy } = proxyInFrontOf((answer, sent, path) => {
      const key = (JSON.parse(sent || '{}') as { apiKey?: string }).apiKey
      if (key !== undefined) kept = key
      if (!path.endsWith('/workers') || kept === '') return answer
      return withWorker(answer, {
        description: `echo ${kept}`,
        imageVersion: Buffer.from(kept).toString('base64'),
      })
    })
    const send = (path: string, method: string, body: unknown) =>
      proxy.request(path, {
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const provider = `/v1/orgs/${mock.ids.orgId}/llm-providers/${mock.ids.llmProviderId}`

    expect((await send(provider, 'PATCH', { source: 'custom', apiKey: API_KEY })).status).toBe(200)
    expect(
      (await send(provider, 'PATCH', { source: 'custom', customConfigText: `key=${API_KEY}` }))
        .status,
    ).toBe(200)
    expect((await send('/v1/workers', 'POST', { name: 'w', destination: 'local' })).status).toBe(
      201,
    )
    const journal = await (await proxy.request('/__mock/requests')).text()
    const recorded = JSON.stringify(proxy.recording.scenario())
    expect(leaks(journal)).toEqual([])
    expect(leaks(recorded)).toEqual([])
    expect(recorded).toContain('echo [REDACTED]')
  })

  it('keeps the key an update sent out of the recording, where it also stands in a seeded field', async () => {
    const mock = createMockApp()
    const proxy = createProxyApp({
      target: 'http://target.test',
      fetch: async (input, init) => mock.request(input, init),
    })
    const updated = await proxy.request(
      `/v1/orgs/${mock.ids.orgId}/llm-providers/${mock.ids.llmProviderId}`,
      {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          source: 'custom',
          apiKey: API_KEY,
          customConfigText: `base_url: https://llm.test\napi_key: ${API_KEY}`,
        }),
      },
    )
    expect(updated.status).toBe(200)
    const recorded = JSON.stringify(proxy.recording.scenario())
    expect(recorded).toContain('base_url: https://llm.test')
    expect(leaks(recorded)).toEqual([])
  })
})
