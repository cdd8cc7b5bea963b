// The contract client and runner against servers that misbehave on a real port: every exchange
// resolves to a value (never a throw), every run resolves to a report within its bound.
import { afterEach, describe, expect, it } from 'vitest'
import { rememberAnswerText } from '../../src/common/answer-text.js'
import { type ClientOptions, createClient, retryAfterMs } from '../../src/contract/client.js'
import { ContractError } from '../../src/contract/contract-error.js'
import type { Report } from '../../src/contract/report.js'
import { runContract } from '../../src/contract/runner.js'
import { createMockApp } from '../../src/mock/app.js'
import {
  API_ONLY,
  type HostileBehaviour,
  type HostileOptions,
  startAppServer,
  startHostileServer,
  type TestServer,
  unusedUrl,
} from '../helpers/hostile-server.js'

/** A safety net against a hang, not a speed test: the real bound is the client's timeoutMs. */
const SAFETY_BOUND_MS = 3_000
const TIMEOUT_MS = 300
const RUN_TIMEOUT_MS = 10_000

const CREATE = {
  method: 'POST',
  path: '/v1/workers',
  body: '{}',
  headers: { 'content-type': 'application/json' },
} as const

const servers: TestServer[] = []

const start = async (behaviour: HostileBehaviour, options: HostileOptions = {}) => {
  const server = await startHostileServer(behaviour, options)
  servers.push(server)
  return server
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

/** Runs `work` and measures how long it took to settle. */
const timed = async <T>(work: () => Promise<T>) => {
  const started = performance.now()
  const value = await work()
  return { value, ms: performance.now() - started }
}

const send = (url: string, options: Partial<ClientOptions> = {}) =>
  timed(() => createClient({ baseUrl: url, timeoutMs: TIMEOUT_MS, ...options }).send(CREATE))

const failedIds = (report: Report) =>
  report.results.filter((r) => r.outcome === 'failed').map((r) => r.checkId)

describe('createClient', () => {
  it.each([
    ['timeout', 'a server that never answers', 'hang', {}],
    ['network', 'a server that resets the connection', 'reset', {}],
    ['timeout', 'a server that sends an endless body', 'endless', {}],
    ['too-large', 'an endless body past maxResponseBytes', 'endless', { maxResponseBytes: 1024 }],
    ['truncated', 'a body cut short of its Content-Length', 'truncated', {}],
  ] as const)('resolves with a %s error from %s', async (kind, _server, behaviour, client) => {
    const server = await start(behaviour)

    const { value: exchange, ms } = await send(server.url, client)

    expect(exchange.error?.kind).toBe(kind)
    expect.soft(exchange.error?.message).toEqual(expect.any(String))
    expect.soft(exchange.response).toBeUndefined()
    expect.soft(exchange.attempts).toBe(1)
    expect.soft(exchange.request).toMatchObject({ method: 'POST', url: `${server.url}/v1/workers` })
    expect.soft(ms).toBeLessThan(SAFETY_BOUND_MS)
  })

  it('resolves with the response and isJson false when a 200 body is HTML', async () => {
    const server = await start('non-json')

    const { value: exchange, ms } = await send(server.url)

    expect(exchange.error).toBeUndefined()
    expect.soft(exchange.response).toMatchObject({
      status: 200,
      text: '<html>oops</html>',
      isJson: false,
    })
    expect.soft(exchange.response?.headers['content-type']).toMatch(/^text\/html/)
    expect.soft(exchange.response?.json).toBeUndefined()
    expect.soft(ms).toBeLessThan(SAFETY_BOUND_MS)
  })

  it('parses valid JSON labelled text/plain and keeps the content type for the checks', async () => {
    const server = await start('wrong-content-type')

    const { value: exchange, ms } = await send(server.url)

    expect(exchange.error).toBeUndefined()
    expect.soft(exchange.response).toMatchObject({ status: 200, isJson: true })
    expect.soft(exchange.response?.headers['content-type']).toMatch(/^text\/plain/)
    expect.soft(exchange.response?.json).toMatchObject({ worker: { name: 'plain' } })
    expect.soft(ms).toBeLessThan(SAFETY_BOUND_MS)
  })

  it('waits out Retry-After: 2 twice and ends with the 201 of the third attempt', async () => {
    const server = await start('rate-limited', {
      limitedRequests: 2,
      // Not 1: one second is also the wait without a Retry-After, which would hide ignoring it.
      retryAfter: '2',
      handler: () => Response.json({ worker: { id: 'wrk_0' } }, { status: 201 }),
    })
    const waits: number[] = []
    const client = createClient({
      baseUrl: server.url,
      timeoutMs: TIMEOUT_MS,
      sleep: async (ms) => {
        waits.push(ms)
      },
    })

    const exchange = await client.send(CREATE)

    expect(exchange.response?.status).toBe(201)
    expect.soft(exchange.attempts).toBe(3)
    expect.soft(client.requestCount()).toBe(3)
    expect.soft(server.requestCount()).toBe(3)
    // Two waits of two seconds each, asked for and recorded instead of taken.
    expect.soft(waits).toEqual([2_000, 2_000])
  })

  it('caps a Retry-After of 3600 s at maxRetryWaitMs and returns the 429 after maxRetries', async () => {
    const server = await start('rate-limited', { limitedRequests: 100, retryAfter: '3600' })
    const client = createClient({
      baseUrl: server.url,
      timeoutMs: TIMEOUT_MS,
      maxRetries: 2,
      maxRetryWaitMs: 50,
    })

    const { value: exchange, ms } = await timed(() => client.send(CREATE))

    expect(exchange.response?.status).toBe(429)
    expect.soft(exchange.response?.headers['retry-after']).toBe('3600')
    expect.soft(exchange.attempts).toBe(3)
    expect.soft(server.requestCount()).toBe(3)
    expect.soft(exchange.durationMs).toBeGreaterThanOrEqual(99)
    expect.soft(ms).toBeLessThan(SAFETY_BOUND_MS)
  })
})

describe('retryAfterMs', () => {
  const NOW = Date.UTC(2026, 0, 2, 3, 4, 5)

  it.each([
    ['120', 120_000],
    ['0', 0],
    [' 7 ', 7_000],
  ])('reads %j seconds as %i ms', (value, ms) => {
    expect(retryAfterMs(value, NOW)).toBe(ms)
  })

  it('reads an HTTP date as the time left until it', () => {
    expect(retryAfterMs(new Date(NOW + 30_000).toUTCString(), NOW)).toBe(30_000)
    expect(retryAfterMs('Fri, 02 Jan 2026 03:05:05 GMT', NOW)).toBe(60_000)
  })

  it('reads an HTTP date in the past as no wait', () => {
    expect(retryAfterMs('Wed, 21 Oct 2015 07:28:00 GMT', NOW)).toBe(0)
  })

  it.each([null, 'soon', ''])('returns undefined for %j', (value) => {
    expect(retryAfterMs(value, NOW)).toBeUndefined()
  })
})

describe('runContract', () => {
  const run = (url: string) =>
    timed(() =>
      runContract({ baseUrl: url, timeoutMs: TIMEOUT_MS, runTimeoutMs: RUN_TIMEOUT_MS, seed: 1 }),
    )

  // Transport failures on the API: the preflight (GET /) is answered, so the run starts, and it
  // stops after the third failure in a row instead of sending every case into the void.
  it.each([
    ['the API never answers', 'hang', API_ONLY],
    ['the API resets every connection', 'reset', API_ONLY],
    ['the API sends endless bodies', 'endless', API_ONLY],
    ['every answer is cut short', 'truncated', undefined],
  ] as const)(
    'reports responds as failed and stops after 3 transport errors when %s',
    async (_when, behaviour, appliesTo) => {
      const server = await start(behaviour, appliesTo ? { appliesTo } : {})

      const { value: report, ms } = await run(server.url)

      expect(failedIds(report)).toContain('responds')
      expect
        .soft(report.results.find((r) => r.checkId === 'responds' && r.outcome === 'failed'))
        .toMatchObject({ operationId: 'createWorker', judged: 3 })
      expect.soft(report.abortedBecause).toMatch(/3 times in a row/)
      // the preflight, then three failures in a row
      expect.soft(report.requestCount).toBe(4)
      expect.soft(report.results.every((r) => r.outcome !== 'passed')).toBe(true)
      expect.soft(ms).toBeLessThan(RUN_TIMEOUT_MS)
    },
  )

  it.each([
    ['HTML', 'non-json'],
    ['JSON labelled text/plain', 'wrong-content-type'],
  ] as const)(
    'reports success-is-json as failed when every answer is %s',
    async (_answer, behaviour) => {
      const server = await start(behaviour)

      const { value: report, ms } = await run(server.url)

      expect(failedIds(report)).toContain('success-is-json')
      expect.soft(failedIds(report)).not.toContain('responds')
      expect.soft(report.abortedBecause).toBeUndefined()
      expect.soft(ms).toBeLessThan(RUN_TIMEOUT_MS)
    },
  )

  // No HTTP answer at all, not even to GET /: nothing to judge, so the target is unreachable.
  it.each([
    ['never answers', 'hang'],
    ['resets every connection', 'reset'],
  ] as const)(
    'throws E_UNREACHABLE when the server %s, GET / included',
    async (_does, behaviour) => {
      const server = await start(behaviour)

      const { value: outcome, ms } = await timed(() => run(server.url).catch((e: unknown) => e))

      expect(outcome).toBeInstanceOf(ContractError)
      expect.soft(outcome).toMatchObject({
        code: 'E_UNREACHABLE',
        message: expect.stringMatching(/^\[worker-api-kit\] cannot reach /),
      })
      // GET /, and after a reset one raw probe that tells "reset before a byte" from "mid-answer".
      expect.soft(server.requestCount()).toBeLessThanOrEqual(2)
      expect.soft(ms).toBeLessThan(SAFETY_BOUND_MS)
    },
  )

  // An endless body starts with a status line and headers: the target is reachable, and the
  // endless body is a `responds` finding, not "cannot reach".
  it('reports responds as failed when every answer has an endless body, GET / included', async () => {
    const server = await start('endless')

    const { value: report } = await run(server.url)

    expect(failedIds(report)).toContain('responds')
  })

  it('throws E_UNREACHABLE when nothing listens on the port', async () => {
    const url = await unusedUrl()

    const outcome = await run(url).catch((e: unknown) => e)

    expect(outcome).toBeInstanceOf(ContractError)
    expect.soft(outcome).toMatchObject({ code: 'E_UNREACHABLE' })
  })

  it('stops sending at the run bound and reports the rest as skipped', async () => {
    const mock = createMockApp()
    const slow = await startAppServer({
      fetch: async (request) => {
        await new Promise((resolve) => setTimeout(resolve, 50))
        return mock.fetch(request)
      },
    })
    servers.push(slow)

    const { value: report, ms } = await timed(() =>
      runContract({ baseUrl: slow.url, timeoutMs: TIMEOUT_MS, runTimeoutMs: 400, seed: 1 }),
    )

    expect(report.abortedBecause).toMatch(/run bound of 400 ms/)
    expect.soft(failedIds(report)).toEqual([])
    expect.soft(report.results.some((r) => r.outcome === 'skipped')).toBe(true)
    expect.soft(slow.requestCount()).toBeLessThan(20)
    expect.soft(ms).toBeLessThan(400 + TIMEOUT_MS + SAFETY_BOUND_MS)
  })
})

describe('retry bounds', () => {
  it.each(['1.5', '-1', 'soon', '2026-01-01'])(
    'reads Retry-After %j as no usable value',
    (value) => {
      expect(retryAfterMs(value)).toBeUndefined()
    },
  )

  it('does not wait past the run bound for a 429, and answers with the 429', async () => {
    const server = await startHostileServer('rate-limited', {
      limitedRequests: 10,
      retryAfter: '5',
    })
    try {
      const client = createClient({
        baseUrl: server.url,
        timeoutMs: 1_000,
        deadline: performance.now() + 200,
      })
      const started = performance.now()
      const exchange = await client.send({ method: 'GET', path: '/' })
      expect.soft(exchange.response?.status).toBe(429)
      expect.soft(exchange.attempts).toBe(1)
      expect.soft(performance.now() - started).toBeLessThan(1_000)
    } finally {
      await server.close()
    }
  })
})

describe('in-process transports', () => {
  it('times out a handler that never answers, although it ignores the abort signal', async () => {
    const client = createClient({
      baseUrl: 'http://in-process.test',
      timeoutMs: 100,
      fetch: () => new Promise<Response>(() => undefined),
    })
    const exchange = await client.send({ method: 'GET', path: '/' })
    expect(exchange.error).toMatchObject({ kind: 'timeout', stage: 'connect' })
  })

  it('times out a body that never ends, stage body', async () => {
    const endless = new ReadableStream({ pull: () => new Promise<void>(() => undefined) })
    const client = createClient({
      baseUrl: 'http://in-process.test',
      timeoutMs: 100,
      fetch: () => new Response(endless, { headers: { 'content-type': 'application/json' } }),
    })
    const exchange = await client.send({ method: 'GET', path: '/' })
    expect(exchange.error).toMatchObject({ kind: 'timeout', stage: 'body' })
  })

  // The mock's answers are read as the text they were built from (no web stream): the same bound,
  // the same text as the bytes decode to, a byte order mark noted as when it is read as bytes.
  it.each([
    ['over the byte bound', 'é'.repeat(600), { error: { kind: 'too-large', stage: 'body' } }],
    ['with a byte order mark', '\ufeff{"a":1}', { response: { json: { a: 1 }, text: '{"a":1}' } }],
    ['with a lone surrogate', '"\ud800"', { response: { text: '"\ufffd"', isJson: true } }],
  ])(
    'reads an answer built in-process from a text %s as its bytes read',
    async (_, text, expected) => {
      const client = createClient({
        baseUrl: 'http://in-process.test',
        timeoutMs: 1_000,
        maxResponseBytes: 1_000,
        fetch: () => rememberAnswerText(new Response(text), text),
      })
      expect(await client.send({ method: 'GET', path: '/' })).toMatchObject(expected)
    },
  )
})
