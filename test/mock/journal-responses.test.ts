import type { AddressInfo } from 'node:net'
import { createAdaptorServer } from '@hono/node-server'
import fc from 'fast-check'
import { Hono } from 'hono'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMockApp, type MockApp } from '../../src/mock/app.js'
import { Scenario } from '../../src/mock/scenario.js'
import { startMockServer } from '../../src/mock/server.js'
import { redactJson } from '../../src/secrets/redact.js'
import {
  createJournal,
  type JournalEntry,
  journalBody,
  MAX_JOURNALLED_VIOLATIONS,
} from '../../src/server/journal.js'
import { lightweightBody } from '../../src/server/lightweight-body.js'
import { createdWorkerId, providerPath } from '../helpers/requests.js'
import { send } from '../helpers/send.js'

const API_KEY = 'sk-PLANTED-4f1c9a7e2b5d8e0f3a6c'
const SECRET_MARK = 'PLANTED'

const entries = (app: MockApp): JournalEntry[] => app.control.journal.list()
const last = (app: MockApp): JournalEntry => {
  const all = entries(app)
  const entry = all[all.length - 1]
  if (!entry) throw new Error('the journal is empty')
  return entry
}
const withRules = (rules: unknown[]) =>
  createMockApp({ scenario: Scenario.parse({ name: 'rules', rules }), sleep: async () => {} })

describe('journal: answers and rules', () => {
  it('journals the answer to a create with its tokens masked', async () => {
    const app = createMockApp()
    const res = await send(app, 'POST', '/v1/workers', { name: 'w', destination: 'local' })
    const { response, rules } = last(app)
    expect(response.contentType).toBe('application/json')
    const body = response.body as { worker: { id: string }; tokens: Record<string, string> }
    expect(body.worker.id).toBe((res.body as { worker: { id: string } }).worker.id)
    for (const token of Object.values(body.tokens)) expect(token).toMatch(/^\[REDACTED\]/)
    const sent = (res.body as { tokens: Record<string, string> }).tokens
    for (const token of Object.values(sent)) expect(JSON.stringify(response)).not.toContain(token)
    expect(rules).toEqual([])
  })

  it('journals the answer to a provider update, its key masked', async () => {
    const app = createMockApp()
    const res = await send(app, 'PATCH', providerPath(app), {
      source: 'custom',
      apiKey: API_KEY,
    })
    expect(res.status).toBe(200)
    const { response } = last(app)
    expect(response.body).toMatchObject({
      llmProvider: { id: app.ids.llmProviderId, hasApiKey: true },
    })
    expect(JSON.stringify(last(app))).not.toContain(SECRET_MARK)
  })

  it('journals a 400 problem answer', async () => {
    const app = createMockApp()
    const res = await send(app, 'POST', '/v1/workers', { name: '', destination: 'moon' })
    expect(res.status).toBe(400)
    const { response } = last(app)
    expect(response.contentType).toBe('application/problem+json')
    expect(response.body).toEqual(res.body)
  })

  it('journals the answer to a refused request (413)', async () => {
    const app = createMockApp()
    const res = await send(app, 'POST', '/v1/workers', { name: 'n'.repeat(2_000_000) })
    expect(res.status).toBe(413)
    expect(last(app).response).toEqual({
      contentType: 'application/problem+json',
      headers: expect.objectContaining({ 'content-type': 'application/problem+json' }),
      body: res.body,
    })
  })

  it('lists the rule that answered, with its description and effect', async () => {
    const app = withRules([
      {
        description: 'creates are down',
        match: { operation: 'createWorker' },
        respond: { status: 503 },
      },
      { description: 'never reached', problem: { status: 429 } },
    ])
    const res = await send(app, 'POST', '/v1/workers', { name: 'w', destination: 'local' })
    expect(res.status).toBe(503)
    expect(last(app).rules).toEqual([
      { index: 0, id: null, description: 'creates are down', effect: 'respond 503' },
    ])
  })

  it('lists a problem rule and its answer', async () => {
    const app = withRules([{ problem: { status: 429, title: 'Slow down' } }])
    const res = await send(app, 'POST', '/v1/workers', { name: 'w', destination: 'local' })
    const entry = last(app)
    expect(entry.rules).toEqual([{ index: 0, id: null, description: null, effect: 'problem 429' }])
    expect(entry.response.body).toEqual(res.body)
  })

  it('lists a latency rule on a normal answer', async () => {
    const app = withRules([{ description: 'slow', latency: 300 }])
    const res = await send(app, 'POST', '/v1/workers', { name: 'w', destination: 'local' })
    expect(res.status).toBe(201)
    const entry = last(app)
    expect(entry.rules).toEqual([
      { index: 0, id: null, description: 'slow', effect: 'latency 300 ms' },
    ])
    expect(entry.response.body).toMatchObject({ worker: { name: 'w' } })
  })

  it('lists a rate limit past its limit, and the faults', async () => {
    const app = withRules([
      { match: { operation: 'updateWorker' }, rateLimit: { limit: 1, windowMs: 60_000 } },
      { match: { operation: 'updateWorker' }, times: 1, fault: 'hang', hangMs: 5 },
    ])
    const id = await createdWorkerId(app)
    await send(app, 'PATCH', `/v1/workers/${id}`, { name: 'a' })
    expect(last(app).rules.map((r) => r.effect)).toEqual(['rate-limit 1 of 1', 'fault hang'])
    const refused = await send(app, 'PATCH', `/v1/workers/${id}`, { name: 'b' })
    expect(refused.status).toBe(429)
    expect(last(app).rules).toEqual([
      { index: 0, id: null, description: null, effect: 'rate-limit 429' },
    ])
  })

  it('does not read a truncated answer, and the client still gets half of it', async () => {
    const app = withRules([{ fault: 'truncate' }])
    const res = await app.request('/v1/workers', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'w', destination: 'local' }),
    })
    const entry = last(app)
    expect(entry.rules).toEqual([
      { index: 0, id: null, description: null, effect: 'fault truncate' },
    ])
    expect(entry.response.body).toBe('(streamed body, not kept)')
    await expect(res.text()).rejects.toThrow()
  })

  it('never journals a secret sent or answered', async () => {
    const app = createMockApp()
    await send(app, 'PATCH', providerPath(app), { source: 'custom', apiKey: API_KEY })
    const created = await send(app, 'POST', '/v1/workers', { name: 'w', destination: 'local' })
    const tokens = Object.values((created.body as { tokens: Record<string, string> }).tokens)
    const journal = JSON.stringify(entries(app))
    expect(journal).not.toContain(SECRET_MARK)
    for (const token of tokens) expect(journal).not.toContain(token)
  })

  it('journals an answer over 64 KiB as its size', async () => {
    const app = createMockApp({ scenario: 'empty' })
    const res = await send(app, 'POST', '/v1/workers', {
      name: 'n'.repeat(70 * 1024),
      destination: 'local',
    })
    expect(res.status).toBe(201)
    expect(last(app).response.body).toMatch(/^\(more than 65536 bytes, not kept\)$|not kept/)
  })

  it('masks a body exactly as redactJson does (the fields without secrets are only kept as parsed)', () => {
    const key = fc.constantFrom('name', 'tokens', 'apiKey', 'hasApiKey', 'owner', '__proto__', 'x')
    const value = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.string(),
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('value'), { maxLength: 3 }),
        fc.dictionary(key, tie('value'), { maxKeys: 4 }),
      ),
    })).value
    fc.assert(
      fc.property(fc.dictionary(key, value, { maxKeys: 5 }), (body) => {
        const text = JSON.stringify(body)
        const kept = journalBody(text)
        if (typeof kept === 'object' && kept !== null && 'cleanText' in kept) return
        expect(kept).toEqual(redactJson(JSON.parse(text)))
      }),
      { numRuns: 300 },
    )
  })

  it('keeps at most 20 violations, each cut, counted in its bytes', () => {
    const journal = createJournal()
    const base = {
      at: new Date(0).toISOString(),
      session: '',
      operationId: null,
      method: 'GET',
      path: '/',
      query: '',
      status: 200,
      durationMs: 1,
      request: { contentType: null, authorization: null, body: null },
    }
    journal.record(base)
    const before = journal.bytes()
    journal.record({
      ...base,
      source: 'target',
      violations: Array.from({ length: 50 }, (_, i) => ({
        check: 'status-declared',
        pointer: `/${'p'.repeat(1_000)}`,
        message: `${i} ${'m'.repeat(10_000)} apiKey: ${API_KEY}`,
      })),
    })
    const [first, second] = journal.list()
    expect(first?.violations).toBeUndefined()
    expect(first?.source).toBeUndefined()
    expect(second?.source).toBe('target')
    expect(second?.violations).toHaveLength(MAX_JOURNALLED_VIOLATIONS)
    for (const violation of second?.violations ?? []) {
      expect(violation.message.length).toBeLessThan(600)
      expect(violation.pointer?.length).toBeLessThan(400)
      expect(violation.message).not.toContain(SECRET_MARK)
    }
    expect(journal.bytes() - before).toBeGreaterThan(20 * 800)
    expect(journal.bytes() - before).toBeLessThan(30_000)
  })
})

describe('journal: the node server fast path', () => {
  const closing: (() => Promise<void>)[] = []
  afterEach(async () => {
    vi.restoreAllMocks()
    for (const close of closing.splice(0)) await close()
  })

  it('finds the body in @hono/node-server lightweight Response (breaks if an upgrade moves it)', async () => {
    const seen: ReturnType<typeof lightweightBody>[] = []
    const app = new Hono()
    app.use(async (c, next) => {
      await next()
      seen.push(lightweightBody(c.res))
    })
    app.get('/', (c) => c.json({ hello: 'world' }))
    const server = createAdaptorServer({ fetch: app.fetch })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    closing.push(() => new Promise((resolve) => server.close(() => resolve())))
    const { port } = server.address() as AddressInfo
    const res = await fetch(`http://127.0.0.1:${port}/`)
    expect(await res.json()).toEqual({ hello: 'world' })
    expect(seen).toEqual([{ body: '{"hello":"world"}', contentType: 'application/json' }])
  })

  it('journals answers over a real port without cloning them (the single-write path kept)', async () => {
    const server = await startMockServer({ port: 0, host: '127.0.0.1' })
    closing.push(server.close)
    // The node server's Response extends the native one: a clone or text() on it goes there.
    const native = Object.getPrototypeOf(globalThis.Response.prototype) as Response
    expect(native).not.toBe(Object.prototype)
    const clone = vi.spyOn(native, 'clone')
    const res = await fetch(`${server.url}/v1/workers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'fast', destination: 'local' }),
    })
    expect(res.status).toBe(201)
    await res.text()
    const entry = server.app.control.journal.list().at(-1)
    expect(entry?.response.body).toMatchObject({ worker: { name: 'fast' } })
    expect(entry?.response.contentType).toBe('application/json')
    expect(clone).not.toHaveBeenCalled()
  })
})
