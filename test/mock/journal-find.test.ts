import { z } from '@hono/zod-openapi'
import { describe, expect, it } from 'vitest'
import { createMockApp } from '../../src/mock/app.js'
import { startMockServer } from '../../src/mock/server.js'
import { startProxyServer } from '../../src/proxy/server.js'
import { MAX_SEARCH_TEXT } from '../../src/server/journal-filters.js'
import { MAX_JOURNALLED_HEADERS } from '../../src/server/journal-headers.js'
import { cleanUpAfterEach } from '../helpers/clean-up.js'
import { pointersOf } from '../helpers/send.js'

const { servers } = cleanUpAfterEach<{ close(): Promise<void> }>()

const API_KEY = 'sk-PLANTED-4f1c9a7e2b5d8e0f3a6c'
const TOKEN = 'PLANTED-bearer-91b2c3d4e5f6'
const SECRET_MARK = 'PLANTED'

const Headers = z.record(z.string(), z.string())
const Entry = z.object({
  seq: z.int(),
  method: z.string(),
  path: z.string(),
  status: z.int(),
  request: z.object({ headers: Headers, body: z.unknown() }),
  response: z.object({ headers: Headers, body: z.unknown() }),
  prefer: z.string().nullable(),
  rules: z.array(z.object({ id: z.string().nullable(), effect: z.string() })),
  violations: z.array(z.object({ message: z.string() })).optional(),
})
const Journal = z.object({ entries: z.array(Entry) })

/** A request over the network, bounded in time; the answer's status, text and parsed body. */
const call = async (url: string, init: RequestInit = {}) => {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(5_000) })
  const text = await res.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // not JSON: the text
  }
  return { status: res.status, headers: res.headers, text, body }
}

const startMock = async () => {
  const server = await startMockServer({ port: 0 })
  servers.push(server)
  return server
}

const createWorker = (base: string, headers: Record<string, string> = {}) =>
  call(`${base}/v1/workers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ name: 'build box', destination: 'local' }),
  })

const journalOf = async (base: string, query = '') => {
  const res = await call(`${base}/__mock/requests${query}`)
  expect(res.status, res.text).toBe(200)
  return Journal.parse(res.body).entries
}

describe('journal: headers, Prefer and filters', () => {
  it('keeps request and answer headers over a real port, credentials masked and known keys too', async () => {
    const { url, app } = await startMock()
    expect(
      (
        await createWorker(url, {
          authorization: `Bearer ${TOKEN}`,
          cookie: `sid=${TOKEN}`,
          'x-api-key': API_KEY,
          'x-trace': 'trace-abc',
          'x-mock-session': 'h',
        })
      ).status,
    ).toBe(201)
    const { orgId, llmProviderId } = app.ids
    // The key the body sets, repeated in a header whose name says nothing: masked all the same.
    await call(`${url}/v1/orgs/${orgId}/llm-providers/${llmProviderId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', 'x-note': API_KEY, 'x-mock-session': 'h' },
      body: JSON.stringify({ apiKey: API_KEY }),
    })
    const res = await call(`${url}/__mock/requests`)
    expect(res.text).not.toContain(SECRET_MARK)
    const [create, update] = Journal.parse(res.body).entries
    expect.soft(create?.request.headers).toMatchObject({
      authorization: '[REDACTED]',
      cookie: '[REDACTED]',
      'x-api-key': '[REDACTED]',
      'x-trace': 'trace-abc',
      'x-mock-session': 'h',
      'content-type': 'application/json',
    })
    expect.soft(create?.response.headers['content-type']).toMatch(/^application\/json/)
    expect.soft(update?.request.headers['x-note']).toBeDefined()
    expect.soft(create?.prefer).toBeNull()
  })

  it('names the Prefer that shaped an answer, and keeps the answer headers it carried', async () => {
    const { url } = await startMock()
    expect((await createWorker(url, { prefer: 'code=429' })).status).toBe(429)
    const [entry] = await journalOf(url)
    expect.soft(entry?.prefer).toBe('code=429')
    expect.soft(entry?.request.headers['prefer']).toBe('code=429')
    expect.soft(entry?.response.headers['retry-after']).toBe('1')
    expect.soft(entry?.rules.map((rule) => rule.id)).toEqual([null])
  })

  it('keeps at most its bound of headers, a long value as an excerpt', async () => {
    const { url } = await startMock()
    const many = Object.fromEntries(
      Array.from({ length: MAX_JOURNALLED_HEADERS + 10 }, (_, i) => [`x-h-${i}`, `v${i}`]),
    )
    await createWorker(url, { 'x-a-long': 'L'.repeat(5_000), ...many })
    const [entry] = await journalOf(url)
    const headers = entry?.request.headers ?? {}
    expect.soft(Object.keys(headers).length).toBe(MAX_JOURNALLED_HEADERS)
    expect.soft(headers['x-a-long']?.length).toBeLessThan(2_200)
    expect.soft(headers['x-a-long']).toMatch(/\(5000 characters\)$/)
  })

  it('finds entries by text in the path, a body, a header and a rule, whatever its case', async () => {
    const { url } = await startMock()
    await createWorker(url, { 'x-trace': 'Needle-Header' })
    await call(`${url}/v1/workers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'needle-in-body', destination: 'local' }),
    })
    await call(`${url}/v1/nothing-here`)
    await createWorker(url, { prefer: 'code=429' })
    const statuses = async (q: string) =>
      (await journalOf(url, `?q=${encodeURIComponent(q)}`)).map((e) => e.seq)
    expect.soft(await statuses('needle-header')).toEqual([1])
    expect.soft(await statuses('NEEDLE-IN-BODY')).toEqual([2])
    expect.soft(await statuses('nothing-here')).toEqual([3])
    expect.soft(await statuses('prefer code=429')).toEqual([4])
    expect.soft(await statuses('no such text anywhere')).toEqual([])
  })

  it('never finds a secret: it was masked before it was kept', async () => {
    const { url } = await startMock()
    await createWorker(url, { authorization: `Bearer ${TOKEN}`, 'x-api-key': API_KEY })
    expect(await journalOf(url, `?q=${SECRET_MARK}`)).toEqual([])
    expect((await journalOf(url, '?q=REDACTED')).length).toBe(1)
  })

  it.each([
    ['2xx', [1]],
    ['4xx', [2, 3]],
    ['404', [2]],
    ['429', [3]],
    ['5xx', []],
  ])('filters by status %s', async (status, seqs) => {
    const { url } = await startMock()
    await createWorker(url)
    await call(`${url}/v1/nothing-here`)
    await createWorker(url, { prefer: 'code=429' })
    expect((await journalOf(url, `?status=${status}`)).map((e) => e.seq)).toEqual(seqs)
  })

  it.each([
    ['q', '', 'a'],
    ['q', 'x'.repeat(MAX_SEARCH_TEXT + 1), 'x'.repeat(MAX_SEARCH_TEXT)],
    ['status', '6xx', '5xx'],
    ['status', '20x', '1xx'],
    ['status', '2000', '201'],
    ['status', 'ok', '599'],
  ])('refuses %s=%j with a 400 problem naming the field, and takes %j', async (name, bad, good) => {
    const app = createMockApp()
    for (const path of ['/__mock/requests', '/__mock/requests.har']) {
      const res = await app.request(`${path}?${name}=${encodeURIComponent(bad)}`)
      expect.soft(res.status).toBe(400)
      expect.soft(res.headers.get('content-type')).toMatch(/^application\/problem\+json/)
      expect.soft(pointersOf(await res.json())).toEqual([`/query/${name}`])
      expect
        .soft((await app.request(`${path}?${name}=${encodeURIComponent(good)}`)).status)
        .toBe(200)
    }
  })

  it('keeps the headers of a proxied exchange and filters the proxy journal the same way', async () => {
    const target = createMockApp()
    const proxy = await startProxyServer({
      target: 'http://target.test',
      port: 0,
      fetch: (input, init) => Promise.resolve(target.request(input, init)),
    })
    servers.push(proxy)
    await createWorker(proxy.url, { authorization: `Bearer ${TOKEN}`, 'x-trace': 'proxied-1' })
    await call(`${proxy.url}/v1/workers/nope`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    const res = await call(`${proxy.url}/__mock/requests`)
    expect(res.text).not.toContain(SECRET_MARK)
    const [entry] = Journal.parse(res.body).entries
    expect.soft(entry?.request.headers).toMatchObject({
      authorization: '[REDACTED]',
      'x-trace': 'proxied-1',
    })
    expect.soft(entry?.response.headers['content-type']).toMatch(/^application\/json/)
    expect.soft(entry?.prefer).toBeNull()
    expect.soft((await journalOf(proxy.url, '?q=PROXIED-1')).map((e) => e.seq)).toEqual([1])
    expect.soft((await journalOf(proxy.url, '?status=4xx')).map((e) => e.seq)).toEqual([2])
    expect.soft((await call(`${proxy.url}/__mock/requests?status=9xx`)).status).toBe(400)
  })
})
