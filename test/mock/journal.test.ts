import { z } from '@hono/zod-openapi'
import { describe, expect, it } from 'vitest'
import { operations } from '../../src/api/operations.js'
import { createMockApp, type MockApp, type MockAppOptions } from '../../src/mock/app.js'
import { Scenario } from '../../src/mock/scenario.js'
import { MockCreateWorkerResponse } from '../../src/schemas/worker.js'
import { providerPath } from '../helpers/requests.js'
import { FIXED_NOW, fixedClock, send } from '../helpers/send.js'

/** One entry of `GET /__mock/requests`, every field of it. */
const Entry = z
  .object({
    seq: z.int().positive(),
    at: z.string(),
    session: z.string(),
    operationId: z.enum(operations.map((o) => o.operationId)).nullable(),
    method: z.string(),
    path: z.string(),
    query: z.string(),
    status: z.int(),
    durationMs: z.number().min(0),
    request: z
      .object({
        contentType: z.string().nullable(),
        authorization: z.string().nullable(),
        headers: z.record(z.string(), z.string()),
        body: z.unknown(),
        masked: z.array(z.string().startsWith('/')).min(1).optional(),
      })
      .strict(),
    response: z
      .object({
        contentType: z.string().nullable(),
        headers: z.record(z.string(), z.string()),
        body: z.unknown(),
      })
      .strict(),
    prefer: z.string().nullable(),
    rules: z.array(
      z
        .object({
          index: z.int(),
          id: z.string().nullable(),
          description: z.string().nullable(),
          effect: z.string(),
        })
        .strict(),
    ),
  })
  .strict()
/** `next`: the seq to read on from (`?after=`), null on the last page (see journal-pages.test.ts). */
const Journal = z
  .object({ count: z.int(), entries: z.array(Entry), next: z.int().nullable(), held: z.int() })
  .strict()

const API_KEY = 'sk-PLANTED-4f1c9a7e2b5d8e0f3a6c'
const TOKEN = 'PLANTED-bearer-91b2c3d4e5f6'
const SECRET_MARK = 'PLANTED'

const inSession = (session?: string): Record<string, string> =>
  session === undefined ? {} : { 'x-mock-session': session }

const journalOf = async (app: MockApp, query = '', headers: Record<string, string> = {}) => {
  const res = await send(app, 'GET', `/__mock/requests${query}`, undefined, headers)
  if (res.status !== 200) throw new Error(`journal read failed: ${res.status} ${res.text}`)
  return Journal.parse(res.body)
}

const createIn = async (app: MockApp, headers: Record<string, string> = {}) => {
  const res = await send(app, 'POST', '/v1/workers', { name: 'w', destination: 'local' }, headers)
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`)
  return MockCreateWorkerResponse.parse(res.body).worker.id
}

/** Session a: a create and a rename; session b: a create; the default session: a create. */
const withTraffic = async () => {
  const app = createMockApp()
  const id = await createIn(app, inSession('a'))
  await send(app, 'PATCH', `/v1/workers/${id}`, { name: 'renamed' }, inSession('a'))
  await createIn(app, inSession('b'))
  await createIn(app)
  return app
}

/** An app whose scenario is these rules. */
const rule = (name: string, rules: unknown[]): MockAppOptions => ({
  scenario: Scenario.parse({ name, rules }),
})

describe('journal', () => {
  it('records an API request with its session, operation, path, status, duration and body', async () => {
    const app = createMockApp({ clock: fixedClock })
    const body = { name: 'w', destination: 'local' }
    await send(app, 'POST', '/v1/workers?trace=1', body, inSession('j'))
    const { count, entries } = await journalOf(app)
    expect.soft(count).toBe(1)
    expect.soft(entries[0]).toEqual({
      seq: 1,
      at: new Date(FIXED_NOW).toISOString(),
      session: 'j',
      operationId: 'createWorker',
      method: 'POST',
      path: '/v1/workers',
      query: '?trace=1',
      status: 201,
      durationMs: expect.any(Number),
      request: {
        contentType: 'application/json',
        authorization: null,
        headers: expect.objectContaining({
          'content-type': 'application/json',
          'x-mock-session': 'j',
        }),
        body,
      },
      response: {
        contentType: 'application/json',
        headers: expect.objectContaining({ 'content-type': 'application/json' }),
        body: expect.objectContaining({}),
      },
      prefer: null,
      rules: [],
    })
  })

  it.each([
    [
      'POST /v1/workers',
      'createWorker',
      'POST',
      () => '/v1/workers',
      { name: 'w', destination: 'cloud' },
      201,
    ],
    [
      'PATCH /v1/workers/{id}',
      'updateWorker',
      'PATCH',
      async (app: MockApp) => `/v1/workers/${await createIn(app)}`,
      { name: 'n' },
      200,
    ],
    [
      'PATCH of the provider',
      'updateLlmProvider',
      'PATCH',
      (app: MockApp) => providerPath(app),
      { source: 'custom' },
      200,
    ],
    ['GET of an unknown path', null, 'GET', () => '/v1/nothing', undefined, 404],
    ['GET /v1/workers', null, 'GET', () => '/v1/workers', undefined, 405],
    ['DELETE of the provider', null, 'DELETE', (app: MockApp) => providerPath(app), undefined, 405],
  ])(
    'records %s as operationId %s, with its path and status',
    async (_, operationId, method, pathOf, body, status) => {
      const app = createMockApp({ scenario: 'empty' })
      const path = await pathOf(app)
      await send(app, method, path, body)
      const last = (await journalOf(app)).entries.at(-1)
      expect.soft(last?.operationId).toBe(operationId)
      expect.soft(last?.method).toBe(method)
      expect.soft(last?.path).toBe(path)
      expect.soft(last?.status).toBe(status)
      expect.soft(last?.request.body).toEqual(body ?? null)
    },
  )

  it.each([
    ['GET', '/__mock/state'],
    ['GET', '/__mock/health'],
    ['GET', '/openapi.json'],
    ['GET', '/'],
  ])('does not record %s %s', async (method, path) => {
    const app = createMockApp()
    await send(app, method, path)
    expect((await journalOf(app)).entries).toEqual([])
  })

  it('masks apiKey in the recorded body and records authorization only as [REDACTED]', async () => {
    const app = createMockApp()
    const auth = { authorization: `Bearer ${TOKEN}` }
    const planted = [
      ['PATCH', providerPath(app), { source: 'custom', apiKey: API_KEY }, auth],
      ['PATCH', providerPath(app), { source: 'nope', apiKey: API_KEY }, auth],
      ['PATCH', providerPath(app), { source: 'custom', apiKey: API_KEY.repeat(3000) }, auth],
      ['POST', '/v1/workers', { name: 'w', destination: 'local', apiKey: API_KEY }, auth],
      [
        'POST',
        '/v1/workers',
        { name: 'w', destination: 'local' },
        { 'x-mock-session': 's', ...auth },
      ],
      ['GET', '/v1/nothing', undefined, auth],
    ] as const
    for (const [method, path, body, headers] of planted)
      await send(app, method, path, body, headers)
    const served = await send(app, 'GET', '/__mock/requests')
    const { entries } = Journal.parse(served.body)
    expect.soft(entries).toHaveLength(planted.length)
    expect.soft(served.text).not.toContain(SECRET_MARK)
    expect.soft(JSON.stringify(app.control.journal.list())).not.toContain(SECRET_MARK)
    for (const entry of entries) expect.soft(entry.request.authorization).toBe('[REDACTED]')
    const keys = entries.map(({ request }) => Reflect.get(Object(request.body), 'apiKey'))
    expect
      .soft(keys.filter((key) => key !== undefined))
      .toEqual([
        expect.stringMatching(/^\[REDACTED\]/),
        expect.stringMatching(/^\[REDACTED\]/),
        expect.stringMatching(/^\[REDACTED\]/),
      ])
  })

  it('masks an apiKey inside a body that is not valid JSON', async () => {
    const app = createMockApp()
    const truncated = `{"source":"custom","apiKey":"${API_KEY}",`
    const res = await send(app, 'PATCH', providerPath(app), truncated)
    expect(res.status).toBe(400)
    expect(JSON.stringify(app.control.journal.list())).not.toContain(SECRET_MARK)
  })

  it('records an absent authorization header as null', async () => {
    const app = createMockApp()
    await createIn(app)
    expect((await journalOf(app)).entries[0]?.request.authorization).toBeNull()
  })

  it.each([
    [
      'every request',
      '',
      {},
      [
        ['a', 'createWorker'],
        ['a', 'updateWorker'],
        ['b', 'createWorker'],
        ['', 'createWorker'],
      ],
    ],
    [
      'one operation',
      '?operation=createWorker',
      {},
      [
        ['a', 'createWorker'],
        ['b', 'createWorker'],
        ['', 'createWorker'],
      ],
    ],
    [
      'the session in the query',
      '?session=a',
      {},
      [
        ['a', 'createWorker'],
        ['a', 'updateWorker'],
      ],
    ],
    ['the default session, by an empty query', '?session=', {}, [['', 'createWorker']]],
    [
      'the session header',
      '',
      inSession('a'),
      [
        ['a', 'createWorker'],
        ['a', 'updateWorker'],
      ],
    ],
    [
      'the session header and one operation',
      '?operation=updateWorker',
      inSession('a'),
      [['a', 'updateWorker']],
    ],
    ['the query over the header', '?session=b', inSession('a'), [['b', 'createWorker']]],
  ])('lists %s', async (_, query, headers, expected) => {
    const app = await withTraffic()
    const { count, entries } = await journalOf(app, query, headers)
    expect.soft(entries.map((e) => [e.session, e.operationId])).toEqual(expected)
    expect.soft(count).toBe(expected.length)
  })

  it.each([
    [
      'only the session named by the header',
      inSession('a'),
      2,
      [
        ['b', 'createWorker'],
        ['', 'createWorker'],
      ],
    ],
    ['every entry without a session header', {}, 4, []],
  ])('clears %s and answers how many went', async (_, headers, cleared, remaining) => {
    const app = await withTraffic()
    const res = await send(app, 'DELETE', '/__mock/requests', undefined, headers)
    expect.soft(res.status).toBe(200)
    expect.soft(res.body).toEqual({ cleared })
    const { entries } = await journalOf(app)
    expect.soft(entries.map((e) => [e.session, e.operationId])).toEqual(remaining)
  })

  it('keeps the newest limits.maxJournal entries and numbers them on', async () => {
    const app = createMockApp({ limits: { maxJournal: 3 } })
    for (let i = 0; i < 5; i++) await createIn(app)
    expect.soft((await journalOf(app)).entries.map((e) => e.seq)).toEqual([3, 4, 5])
    await send(app, 'DELETE', '/__mock/requests')
    await createIn(app)
    expect.soft((await journalOf(app)).entries.map((e) => e.seq)).toEqual([6])
  })

  it.each([
    ['a created worker', 70_000, 201],
    ['a body over the 1 MiB limit', 1024 * 1024, 413],
  ])('keeps a body over 64 KiB (%s) as its size only', async (_, size, status) => {
    const app = createMockApp()
    const res = await send(app, 'POST', '/v1/workers', {
      name: 'w',
      destination: 'local',
      description: 'x'.repeat(size),
    })
    expect.soft(res.status).toBe(status)
    const [entry] = (await journalOf(app)).entries
    expect.soft(entry?.status).toBe(status)
    expect.soft(entry?.request.body).toEqual(expect.stringMatching(/not kept\)$/))
    expect.soft(JSON.stringify(entry).length).toBeLessThan(1_000)
  })

  it('keeps a body of less than 64 KiB whole', async () => {
    const app = createMockApp()
    const body = { name: 'w', destination: 'local', description: 'x'.repeat(60_000) }
    await send(app, 'POST', '/v1/workers', body)
    expect((await journalOf(app)).entries[0]?.request.body).toEqual(body)
  })

  it.each([
    [
      'a respond rule',
      rule('teapot', [{ match: { operation: 'createWorker' }, respond: { status: 418 } }]),
      'application/json',
      418,
    ],
    ['a problem rule', rule('down', [{ problem: { status: 503 } }]), 'application/json', 503],
    ['a reset fault', rule('cut', [{ fault: 'reset' }]), 'application/json', 599],
    ['the auth check', { scenario: 'auth-required' }, 'application/json', 401],
    ['the content-type guard', {}, 'text/plain', 415],
  ])('records a request answered by %s', async (_, options, contentType, status) => {
    const app = createMockApp(options)
    await app.request('/v1/workers', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: JSON.stringify({ name: 'w', destination: 'local' }),
    })
    const { entries } = await journalOf(app)
    expect.soft(entries).toHaveLength(1)
    expect.soft(entries[0]?.operationId).toBe('createWorker')
    expect.soft(entries[0]?.status).toBe(status)
    expect.soft(entries[0]?.request.contentType).toBe(contentType)
  })

  it('keeps the body of a small request that a rule answered, in-process', async () => {
    const app = createMockApp({ scenario: 'auth-required' })
    const body = { name: 'w', destination: 'local' }
    await send(app, 'POST', '/v1/workers', body)
    expect((await journalOf(app)).entries[0]?.request.body).toEqual(body)
  })

  it('records the requests past a rate limit with their 429', async () => {
    const app = createMockApp({ scenario: 'rate-limited', clock: fixedClock })
    for (let i = 0; i < 6; i++)
      await send(app, 'POST', '/v1/workers', { name: 'w', destination: 'local' })
    const { entries } = await journalOf(app)
    expect(entries.map((e) => e.status)).toEqual([201, 201, 201, 201, 201, 429])
  })

  it.each([
    ['an empty name', '{"name":"","destination":"local"}', { name: '', destination: 'local' }],
    [
      'an unknown destination',
      '{"name":"w","destination":"moon"}',
      { name: 'w', destination: 'moon' },
    ],
    ['a missing name', '{"destination":"local"}', { destination: 'local' }],
    ['malformed JSON', '{"name":', '{"name":'],
  ])('records a request rejected for %s, with its body', async (_, text, body) => {
    const app = createMockApp()
    await send(app, 'POST', '/v1/workers', text)
    const [entry] = (await journalOf(app)).entries
    expect.soft(entry?.status).toBe(400)
    expect.soft(entry?.operationId).toBe('createWorker')
    expect.soft(entry?.request.body).toEqual(body)
  })
})

describe('journal query strings', () => {
  it('masks a secret passed in the query string', async () => {
    const app = createMockApp()
    await app.request('/v1/workers?apiKey=sk-PLANTED-QUERY-0001&x=1', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'w', destination: 'local' }),
    })
    const [entry] = app.control.journal.list()
    expect.soft(entry?.query).toBe('?apiKey=[REDACTED]&x=1')
    expect.soft(JSON.stringify(app.control.journal.list())).not.toContain('PLANTED')
  })
})

describe('journal secret names', () => {
  it('masks every secret-looking name in bodies, malformed bodies and query strings', async () => {
    const app = createMockApp()
    const path = `/v1/orgs/${app.ids.orgId}/llm-providers/${app.ids.llmProviderId}`
    await app.request(`${path}?access_token=PLANTED-Q1&api%4Bey=PLANTED-Q2`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        source: 'custom',
        access_token: 'PLANTED-B1',
        client_secret: 'PLANTED-B2',
        'api-key': 'PLANTED-B3',
      }),
    })
    await app.request(path, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: '{"source":"custom","client_secret":"PLANTED-M1",',
    })
    expect(JSON.stringify(app.control.journal.list())).not.toContain('PLANTED')
  })
})
