import { z } from '@hono/zod-openapi'
import { describe, expect, it } from 'vitest'
import { createMockApp } from '../../src/mock/app.js'
import { startMockServer } from '../../src/mock/server.js'
import { startProxyServer } from '../../src/proxy/server.js'
import { cleanUpAfterEach } from '../helpers/clean-up.js'

const { servers } = cleanUpAfterEach<{ close(): Promise<void> }>()

const TOKEN = 'PLANTED-bearer-91b2c3d4e5f6'
const API_KEY = 'sk-PLANTED-4f1c9a7e2b5d8e0f3a6c'
const SECRET_MARK = 'PLANTED'

// What a HAR 1.2 reader needs (http://www.softwareishard.com/blog/har-12-spec/): every field the
// spec marks required, of its type. DevTools, Firefox and HAR-reading libraries refuse a log
// without them. `_` fields are the spec's custom fields: allowed anywhere.
const NameValue = z.object({ name: z.string(), value: z.string() })
const Har12 = z.object({
  log: z.object({
    version: z.literal('1.2'),
    creator: z.object({ name: z.string().min(1), version: z.string() }),
    entries: z.array(
      z.object({
        startedDateTime: z.iso.datetime({ offset: true }),
        time: z.number().min(0),
        request: z.object({
          method: z.string().min(1),
          url: z.url().regex(/^https?:\/\//),
          httpVersion: z.string().min(1),
          cookies: z.array(NameValue),
          headers: z.array(NameValue),
          queryString: z.array(NameValue),
          postData: z.object({ mimeType: z.string(), text: z.string() }).optional(),
          headersSize: z.int().min(-1),
          bodySize: z.int().min(-1),
        }),
        response: z.object({
          status: z.int().min(0),
          statusText: z.string(),
          httpVersion: z.string().min(1),
          cookies: z.array(NameValue),
          headers: z.array(NameValue),
          content: z.object({
            size: z.int().min(0),
            mimeType: z.string(),
            text: z.string().optional(),
          }),
          redirectURL: z.string(),
          headersSize: z.int().min(-1),
          bodySize: z.int().min(-1),
        }),
        cache: z.object({}),
        timings: z.object({
          send: z.number().min(-1),
          wait: z.number().min(-1),
          receive: z.number().min(-1),
        }),
      }),
    ),
  }),
})
/** The journal's extras on each entry (this kit's, beside HAR's own fields). */
const Extras = z.object({
  _session: z.string(),
  _operationId: z.string().nullable(),
  _rules: z.array(z.object({ id: z.string().nullable(), effect: z.string() })),
  _violations: z.array(z.object({ check: z.string(), message: z.string() })).optional(),
  _source: z.enum(['target', 'fallback', 'proxy']).optional(),
})
const HarWithExtras = z.object({ log: z.object({ entries: z.array(Extras) }) })

const call = async (url: string, init: RequestInit = {}) => {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(5_000) })
  return { status: res.status, headers: res.headers, text: await res.text() }
}

const createWorker = (base: string, headers: Record<string, string> = {}) =>
  call(`${base}/v1/workers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ name: 'build box', destination: 'local' }),
  })

/** The HAR a server answers: its answer, and the file parsed as HAR 1.2 with the kit's extras. */
const harOf = async (base: string, query = '', headers: Record<string, string> = {}) => {
  const res = await call(`${base}/__mock/requests.har${query}`, { headers })
  expect(res.status, res.text).toBe(200)
  const raw: unknown = JSON.parse(res.text)
  return { res, har: Har12.parse(raw), extras: HarWithExtras.parse(raw).log.entries }
}

describe('GET /__mock/requests.har', () => {
  it('answers the journal as a HAR 1.2 file with every field a reader needs, secrets masked', async () => {
    const server = await startMockServer({ port: 0 })
    servers.push(server)
    const { url, app } = server
    await createWorker(url, { authorization: `Bearer ${TOKEN}` })
    const { orgId, llmProviderId } = app.ids
    await call(`${url}/v1/orgs/${orgId}/llm-providers/${llmProviderId}?trace=1`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apiKey: API_KEY, customConfigText: `key=${API_KEY}` }),
    })
    await call(`${url}/v1/workers/nope`)
    const { res, har, extras } = await harOf(url)
    expect.soft(res.text).not.toContain(SECRET_MARK)
    expect.soft(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect
      .soft(res.headers.get('content-disposition'))
      .toBe('attachment; filename="worker-api-kit-all.har"')
    const [create, update, missing] = har.log.entries
    expect.soft(har.log.entries).toHaveLength(3)
    expect.soft(create?.request.url).toBe(`${url}/v1/workers`)
    expect.soft(create?.request.method).toBe('POST')
    expect.soft(JSON.parse(create?.request.postData?.text ?? '{}')).toMatchObject({
      name: 'build box',
    })
    expect.soft(create?.request.headers).toContainEqual({
      name: 'authorization',
      value: '[REDACTED]',
    })
    expect.soft(create?.response.status).toBe(201)
    expect.soft(create?.response.statusText).toBe('Created')
    expect.soft(create?.response.content.mimeType).toMatch(/^application\/json/)
    expect.soft(JSON.parse(create?.response.content.text ?? '{}')).toHaveProperty('worker')
    expect.soft(update?.request.queryString).toEqual([{ name: 'trace', value: '1' }])
    expect.soft(missing?.request.postData).toBeUndefined()
    expect.soft(missing?.response.status).toBe(405)
    expect
      .soft(extras.map((e) => e._operationId))
      .toEqual(['createWorker', 'updateLlmProvider', null])
  })

  it('takes the journal filters, the session by header, and names the session in the file name', async () => {
    const server = await startMockServer({ port: 0 })
    servers.push(server)
    await createWorker(server.url, { 'x-mock-session': 'team-a' })
    await createWorker(server.url, { 'x-mock-session': 'team-a', prefer: 'code=429' })
    await createWorker(server.url, { 'x-mock-session': 'team-b' })
    const { res, har, extras } = await harOf(server.url, '?status=2xx', {
      'x-mock-session': 'team-a',
    })
    expect
      .soft(res.headers.get('content-disposition'))
      .toBe('attachment; filename="worker-api-kit-team-a.har"')
    expect.soft(har.log.entries.map((e) => e.response.status)).toEqual([201])
    expect.soft(extras.map((e) => e._session)).toEqual(['team-a'])
    const found = await harOf(server.url, '?q=code%3D429&session=team-a')
    expect.soft(found.har.log.entries.map((e) => e.response.status)).toEqual([429])
    expect.soft(found.extras[0]?._rules.map((r) => r.effect)).toEqual(['prefer code=429'])
  })

  it("serves a proxy's journal as HAR, with the violations and who answered", async () => {
    const proxy = await startProxyServer({
      target: 'http://target.test',
      port: 0,
      // A target that answers a create with a body of the wrong shape.
      fetch: () => Promise.resolve(Response.json({ nope: true }, { status: 201 })),
    })
    servers.push(proxy)
    await createWorker(proxy.url, { authorization: `Bearer ${TOKEN}` })
    const { res, har, extras } = await harOf(proxy.url)
    expect.soft(res.text).not.toContain(SECRET_MARK)
    expect.soft(har.log.entries[0]?.request.url).toBe(`${proxy.url}/v1/workers`)
    expect.soft(extras[0]?._source).toBe('target')
    expect.soft(extras[0]?._violations?.length).toBeGreaterThan(0)
  })

  it.each(['/__mock/requests.har', '/__mock/requests.pact.json'])(
    '%s is guarded as the rest of the admin API: a foreign page, a missing admin token',
    async (download) => {
      const server = await startMockServer({ port: 0, adminToken: 'admin-secret-1234' })
      servers.push(server)
      const path = `${server.url}${download}`
      expect.soft((await call(path)).status).toBe(401)
      expect
        .soft(
          (
            await call(path, {
              headers: { origin: 'http://evil.example', 'x-mock-admin-token': 'admin-secret-1234' },
            })
          ).status,
        )
        .toBe(403)
      expect
        .soft((await call(path, { headers: { 'x-mock-admin-token': 'admin-secret-1234' } })).status)
        .toBe(200)
    },
  )

  it('answers an empty log for an empty journal', async () => {
    const res = await createMockApp().request('/__mock/requests.har')
    expect(res.status).toBe(200)
    expect(Har12.parse(await res.json()).log.entries).toEqual([])
  })
})
