import { z } from '@hono/zod-openapi'
import { describe, expect, it } from 'vitest'
import { MAX_SCENARIO_RULES, Rule, type ScenarioInput } from '../../src/mock/scenario.js'
import { MAX_SCENARIO_DEPTH, MAX_SCENARIO_FILE_BYTES } from '../../src/mock/scenario-file-bounds.js'
import { type MockServerOptions, startMockServer } from '../../src/mock/server.js'
import { cleanUpAfterEach } from '../helpers/clean-up.js'
import { fetchJson } from '../helpers/fetch-json.js'
import { inSession } from '../helpers/mock-state.js'
import { pointersOf } from '../helpers/send.js'

const { servers } = cleanUpAfterEach<Awaited<ReturnType<typeof startMockServer>>>()

const EVIL = 'https://evil.example'
const CREATE = { name: 'w', destination: 'local' }

const Added = z.object({ id: z.string().regex(/^rule_\d+$/), rule: Rule }).strict()
const Listed = z
  .object({
    rules: z.array(
      z
        .object({
          id: z.string().nullable(),
          source: z.enum(['runtime', 'scenario']),
          rule: z.unknown(),
          remaining: z.int().nullable(),
        })
        .strict(),
    ),
  })
  .strict()
const JournalRules = z.object({
  entries: z.array(
    z.object({
      status: z.int(),
      rules: z.array(
        z.object({
          index: z.int(),
          id: z.string().nullable(),
          description: z.string().nullable(),
          effect: z.string(),
        }),
      ),
    }),
  ),
})

/** Arrays nested `depth` deep: `[[[]]]` for 3. */
const nested = (depth: number): unknown[] => (depth <= 1 ? [] : [nested(depth - 1)])

/** A scenario whose one rule answers every create 503. */
const DOWN: ScenarioInput = {
  name: 'down',
  rules: [{ match: { operation: 'createWorker' }, problem: { status: 503 } }],
}

const start = async (options: MockServerOptions = {}) => {
  const server = await startMockServer({ port: 0, host: '127.0.0.1', ...options })
  servers.push(server)
  const call = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    fetchJson(server.url, method, path, body, headers)
  const add = async (rule: unknown, headers?: Record<string, string>) => {
    const res = await call('POST', '/__mock/rules', rule, headers)
    if (res.status !== 201) throw new Error(`adding a rule failed: ${res.status} ${res.text}`)
    return Added.parse(res.body)
  }
  const list = async (headers?: Record<string, string>) =>
    Listed.parse((await call('GET', '/__mock/rules', undefined, headers)).body).rules
  const create = async (headers?: Record<string, string>) =>
    (await call('POST', '/v1/workers', CREATE, headers)).status
  return { server, call, add, list, create }
}

describe('rule editing', () => {
  it('adds a rule that answers the next requests and that the journal names by its id', async () => {
    const mock = await start()
    const added = await mock.add({ match: { operation: 'createWorker' }, respond: { status: 202 } })
    expect.soft(added).toEqual({
      id: 'rule_1',
      rule: { match: { operation: 'createWorker' }, respond: { status: 202 } },
    })
    expect.soft(await mock.create()).toBe(202)
    const journal = JournalRules.parse((await mock.call('GET', '/__mock/requests')).body)
    expect
      .soft(journal.entries.at(-1)?.rules)
      .toEqual([{ index: -1, id: 'rule_1', description: null, effect: 'respond 202' }])
  })

  it("applies rules added at run time before the scenario's, in the order added, and lists them so", async () => {
    const mock = await start({ scenario: DOWN })
    expect.soft(await mock.create()).toBe(503)
    const first = await mock.add({ match: { operation: 'createWorker' }, latency: 0 })
    const second = await mock.add({
      match: { operation: 'createWorker' },
      respond: { status: 201 },
    })
    expect.soft(await mock.create()).toBe(201)
    const journal = JournalRules.parse((await mock.call('GET', '/__mock/requests')).body)
    expect.soft(journal.entries.at(-1)?.rules.map((r) => r.id)).toEqual([first.id, second.id])
    const listed = await mock.list()
    expect.soft(listed.map((r) => [r.id, r.source])).toEqual([
      [first.id, 'runtime'],
      [second.id, 'runtime'],
      [null, 'scenario'],
    ])
    expect.soft(listed[2]?.rule).toEqual({
      match: { operation: 'createWorker' },
      problem: { status: 503 },
    })
  })

  it('counts down the uses of a times rule, then answers as before', async () => {
    const mock = await start()
    await mock.add({ match: { operation: 'createWorker' }, times: 2, problem: { status: 429 } })
    const remaining = async () => (await mock.list())[0]?.remaining
    expect.soft(await remaining()).toBe(2)
    expect.soft([await mock.create(), await remaining()]).toEqual([429, 1])
    expect.soft([await mock.create(), await remaining()]).toEqual([429, 0])
    expect.soft(await mock.create()).toBe(201)
  })

  it('deletes a rule: it no longer applies, and a second delete is a 404 naming /params/id', async () => {
    const mock = await start()
    const { id } = await mock.add({ respond: { status: 204 } })
    const res = await mock.call('DELETE', `/__mock/rules/${id}`)
    expect.soft(res.status).toBe(204)
    expect.soft(await mock.create()).toBe(201)
    expect.soft(await mock.list()).toEqual([])
    const again = await mock.call('DELETE', `/__mock/rules/${id}`)
    expect.soft(again.status).toBe(404)
    expect.soft(pointersOf(again.body)).toEqual(['/params/id'])
  })

  it('keeps rules to their session; a reset of it removes them, and ids are never given twice', async () => {
    const mock = await start()
    const a = inSession('a')
    const added = await mock.add({ respond: { status: 202 } }, a)
    expect.soft(await mock.create(a)).toBe(202)
    expect.soft(await mock.create()).toBe(201)
    const deleteElsewhere = await mock.call('DELETE', `/__mock/rules/${added.id}`)
    expect.soft(deleteElsewhere.status).toBe(404)
    await mock.call('POST', '/__mock/reset', undefined, a)
    expect.soft(await mock.list(a)).toEqual([])
    expect.soft(await mock.create(a)).toBe(201)
    expect.soft((await mock.add({ latency: 0 }, a)).id).not.toBe(added.id)
  })

  it("refuses a rule past the count a scenario file holds with a 409, its own and the scenario's together", async () => {
    const mock = await start({ scenario: DOWN })
    for (let i = 1; i < MAX_SCENARIO_RULES; i++) await mock.add({ description: `rule ${i}` })
    const res = await mock.call('POST', '/__mock/rules', { description: 'one too many' })
    expect.soft(res.status).toBe(409)
    expect.soft(pointersOf(res.body)).toEqual(['/body'])
    expect.soft(await mock.list()).toHaveLength(MAX_SCENARIO_RULES)
  })

  it('refuses rules past the bytes a scenario file holds with a 409', async () => {
    const mock = await start()
    const big = (n: number) => ({ description: `${n}`.padEnd(MAX_SCENARIO_FILE_BYTES / 3, 'x') })
    await mock.add(big(1))
    await mock.add(big(2))
    const res = await mock.call('POST', '/__mock/rules', big(3))
    expect.soft(res.status).toBe(409)
    expect.soft(await mock.list()).toHaveLength(2)
  })

  it('shows a secret-named field of a rule, and a key the session was sent, masked', async () => {
    const mock = await start()
    const key = 'sk-PLANTED-in-a-rule-0000'
    const { orgId, llmProviderId } = mock.server.app.ids
    await mock.call('PATCH', `/v1/orgs/${orgId}/llm-providers/${llmProviderId}`, {
      source: 'custom',
      apiKey: key,
    })
    const rule = { respond: { status: 200, body: { apiKey: key, note: `the key is ${key}` } } }
    const added = await mock.call('POST', '/__mock/rules', rule)
    expect(added.status).toBe(201)
    const listed = await mock.call('GET', '/__mock/rules')
    for (const text of [added.text, listed.text]) expect.soft(text).not.toContain('PLANTED')
  })

  it.each([
    ['malformed JSON', '{"respond":', '/body'],
    ['a wrong type', { times: 'twice' }, '/body/times'],
    ['an unknown operation', { match: { operation: 'deleteWorker' } }, '/body/match/operation'],
    ['an unknown field', { respond: { status: 200 }, colour: 'red' }, '/body/colour'],
    ['two answers', { respond: { status: 200 }, problem: { status: 503 } }, '/body'],
    ['a body on a 204', { respond: { status: 204, body: {} } }, '/body/respond/body'],
    [
      "a body nested past a scenario file's depth",
      { respond: { status: 200, body: nested(MAX_SCENARIO_DEPTH) } },
      `/body/respond/body${'/0'.repeat(MAX_SCENARIO_DEPTH - 2)}`,
    ],
    ['a string', '"a rule"', '/body'],
  ])('answers a rule with %s with a 400 naming %s and adds none', async (_, body, pointer) => {
    const mock = await start()
    const res = await mock.call('POST', '/__mock/rules', body)
    expect.soft(res.status).toBe(400)
    expect.soft(res.headers.get('content-type')).toBe('application/problem+json')
    expect.soft(pointersOf(res.body)).toEqual([pointer])
    expect.soft(await mock.list()).toEqual([])
  })

  it('answers a delete of an id it never gave with a 404 naming /params/id', async () => {
    const mock = await start()
    const res = await mock.call('DELETE', '/__mock/rules/rule_999')
    expect.soft(res.status).toBe(404)
    expect.soft(pointersOf(res.body)).toEqual(['/params/id'])
  })

  it.each([['nope'], ['rule_0'], ['rule_x'], ['RULE_1']])(
    'answers a delete of %s, not a rule id, with a 400 naming /params/id',
    async (id) => {
      const mock = await start()
      await mock.add({ latency: 0 })
      const res = await mock.call('DELETE', `/__mock/rules/${id}`)
      expect.soft(res.status).toBe(400)
      expect.soft(pointersOf(res.body)).toEqual(['/params/id'])
      expect.soft(await mock.list()).toHaveLength(1)
    },
  )

  // A rule's answer headers are written as given: one that frames the message or names the
  // connection would desynchronise the client's next answer; a value past ASCII is written as
  // UTF-8 by node and read as Latin-1 by clients, and past Latin-1 it failed the request (a 500).
  it.each([
    ['content-length', '5'],
    ['Transfer-Encoding', 'chunked'],
    ['connection', 'close'],
    ['upgrade', 'websocket'],
    ['trailer', 'x-checksum'],
    ['x-note', 'café'],
    ['x-note', 'café €'],
    ['x-note', 'emoji 🙂'],
    ['x-note', 'bell \u0007'],
  ])(
    'refuses a rule answering with the header %s: %s, with a 400 naming it',
    async (name, value) => {
      const mock = await start()
      const res = await mock.call('POST', '/__mock/rules', {
        match: { operation: 'createWorker' },
        respond: { status: 200, body: { ok: true }, headers: { [name]: value } },
      })
      expect.soft(res.status).toBe(400)
      expect.soft(pointersOf(res.body)).toEqual([`/body/respond/headers/${name}`])
      expect.soft(await mock.list()).toEqual([])
      expect.soft(await mock.create()).toBe(201)
    },
  )

  it.each([
    ['POST', '/__mock/rules', { respond: { status: 503 } }],
    ['GET', '/__mock/rules', undefined],
    ['DELETE', '/__mock/rules/rule_1', undefined],
    ['GET', '/__mock/scenario/export', undefined],
  ])('refuses %s %s from a page of another origin', async (method, path, body) => {
    const mock = await start()
    await mock.add({ latency: 0 })
    const res = await mock.call(method, path, body, { origin: EVIL })
    expect.soft(res.status).toBe(403)
    expect.soft(pointersOf(res.body)).toEqual(['/headers/origin'])
    expect.soft(await mock.list()).toHaveLength(1)
    expect.soft(await mock.create()).toBe(201)
  })
})
