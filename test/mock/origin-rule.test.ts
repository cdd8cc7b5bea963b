// One rule for who may change the mock, on the API as on the admin API: a request a browser marks
// as a page of another site is refused before it touches anything. Over the network, with exactly
// the headers a browser sends on a `no-cors` fetch, a form post or a beacon (node:http forbids none).
import { afterEach, describe, expect, it } from 'vitest'
import { type MockServer, startMockServer } from '../../src/mock/server.js'
import { sendExactly } from '../helpers/exact-request.js'

const send = sendExactly

const JSON_TYPE = { 'content-type': 'application/json' }
const CREATE = JSON.stringify({ name: 'mine', destination: 'local' })

/** What pages of other sites send: each is a request a page can make without a CORS preflight. */
const FOREIGN: [string, Record<string, string>, string][] = [
  [
    'a no-cors text/plain POST',
    { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site', 'content-type': 'text/plain' },
    CREATE,
  ],
  [
    'a form POST (urlencoded)',
    {
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
      'content-type': 'application/x-www-form-urlencoded',
    },
    'name=x&destination=local',
  ],
  [
    'a POST from a sandboxed frame (Origin: null)',
    { origin: 'null', 'sec-fetch-site': 'cross-site', 'content-type': 'text/plain' },
    CREATE,
  ],
  [
    'a look-alike of loopback (localhost.evil.example)',
    { origin: 'http://localhost.evil.example', 'content-type': 'text/plain' },
    CREATE,
  ],
  [
    'a request marked cross-site without an Origin',
    { 'sec-fetch-site': 'cross-site', 'content-type': 'text/plain' },
    CREATE,
  ],
  [
    'a request marked same-site without an Origin',
    { 'sec-fetch-site': 'same-site', 'content-type': 'text/plain' },
    CREATE,
  ],
  [
    'a JSON POST from another site (a preflight would stop a browser; a client that skips it does not pass)',
    { origin: 'http://evil.example', ...JSON_TYPE },
    CREATE,
  ],
]

let mock: MockServer | undefined
afterEach(async () => {
  await mock?.close()
  mock = undefined
})

const start = async (options: Parameters<typeof startMockServer>[0] = {}) => {
  mock = await startMockServer({ port: 0, host: '127.0.0.1', ...options })
  return mock
}

const journalCount = async (url: string) =>
  (JSON.parse((await send(`${url}/__mock/requests`, 'GET', {})).body) as { count: number }).count
const sessionIds = async (url: string) =>
  (
    JSON.parse((await send(`${url}/__mock/sessions`, 'GET', {})).body) as {
      sessions: { id: string }[]
    }
  ).sessions.map((s) => s.id)

describe('the origin rule on the API', () => {
  it.each(FOREIGN)(
    'refuses %s with a 403 problem naming the rule and --cors, before any rule, window, journal entry or session',
    async (_, headers, body) => {
      const { url } = await start()
      // The developer's own rule: the next create answers 503.
      const rule = await send(
        `${url}/__mock/rules`,
        'POST',
        JSON_TYPE,
        JSON.stringify({
          match: { operation: 'createWorker' },
          times: 1,
          problem: { status: 503 },
        }),
      )
      expect(rule.status).toBe(201)
      const before = { journal: await journalCount(url), sessions: await sessionIds(url) }
      for (const session of [undefined, 'foreign-session']) {
        const refused = await send(
          `${url}/v1/workers`,
          'POST',
          {
            ...headers,
            ...(session ? { 'x-mock-session': session } : {}),
          },
          body,
        )
        expect.soft(refused.status).toBe(403)
        expect.soft(refused.headers['content-type']).toBe('application/problem+json')
        const problem = JSON.parse(refused.body) as {
          detail: string
          errors: { pointer: string }[]
        }
        expect.soft(problem.detail).toMatch(/another site/)
        expect.soft(problem.detail).toMatch(/--cors ORIGIN/)
        expect.soft(problem.errors[0]?.pointer).toMatch(/^\/headers\/(origin|sec-fetch-site)$/)
      }
      expect.soft(await journalCount(url)).toBe(before.journal)
      expect.soft(await sessionIds(url)).toEqual(before.sessions)
      // The rule is still the developer's: their own create is the one it answers.
      expect.soft((await send(`${url}/v1/workers`, 'POST', JSON_TYPE, CREATE)).status).toBe(503)
      expect.soft((await send(`${url}/v1/workers`, 'POST', JSON_TYPE, CREATE)).status).toBe(201)
    },
  )

  it('refuses them on every path and method: a rename, a provider update, an unknown path, the admin API', async () => {
    const { url } = await start()
    const headers = { origin: 'http://evil.example', 'content-type': 'text/plain' }
    for (const [method, path] of [
      ['PATCH', '/v1/workers/wrk_01h455vb4pex5vsknk084sn02q'],
      [
        'PATCH',
        '/v1/orgs/org_01h455vb4pex5vsknk084sn02q/llm-providers/lpr_01h455vb4pex5vsknk084sn02q',
      ],
      ['GET', '/v1/workers'],
      ['POST', '/__mock/reset'],
      ['GET', '/__mock/requests'],
    ] as const) {
      const refused = await send(
        `${url}${path}`,
        method,
        headers,
        method === 'GET' ? undefined : CREATE,
      )
      expect.soft(refused.status, `${method} ${path}`).toBe(403)
    }
  })

  it('leaves a rate-limited window to the developer: 1 000 foreign requests fill none of it', async () => {
    const { url } = await start({ scenario: 'rate-limited' })
    const [, headers, body] = FOREIGN[0] ?? ['', {}, '']
    for (let i = 0; i < 1_000; i++) await send(`${url}/v1/workers`, 'POST', headers, body)
    // The scenario allows 5 requests per window: all five are still the developer's.
    for (let i = 0; i < 5; i++)
      expect.soft((await send(`${url}/v1/workers`, 'POST', JSON_TYPE, CREATE)).status).toBe(201)
    expect.soft((await send(`${url}/v1/workers`, 'POST', JSON_TYPE, CREATE)).status).toBe(429)
    expect.soft(await journalCount(url)).toBe(6)
  })

  it('draws no fault for a foreign request: a flaky session answers as it would without them', async () => {
    const statuses = async (withForeign: boolean) => {
      const { url } = await start({ scenario: 'flaky', seed: 7 })
      const seen: number[] = []
      for (let i = 0; i < 12; i++) {
        if (withForeign) await send(`${url}/v1/workers`, 'POST', FOREIGN[0]?.[1] ?? {}, CREATE)
        const res = await send(`${url}/v1/workers`, 'POST', JSON_TYPE, CREATE).catch(() => ({
          status: 0,
        }))
        seen.push(res.status)
      }
      await mock?.close()
      mock = undefined
      return seen
    }
    expect(await statuses(true)).toEqual(await statuses(false))
  })

  it('answers clients that are not browsers and pages on loopback origins as before', async () => {
    const { url } = await start()
    expect.soft((await send(`${url}/v1/workers`, 'POST', JSON_TYPE, CREATE)).status).toBe(201)
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:3000', 'http://[::1]:8080']) {
      const res = await send(`${url}/v1/workers`, 'POST', { origin, ...JSON_TYPE }, CREATE)
      expect.soft(res.status, origin).toBe(201)
      expect.soft(res.headers['access-control-allow-origin'], origin).toBe(origin)
    }
    // Its own pages (the dashboard, /docs) are same-origin.
    const own = await send(
      `${url}/v1/workers`,
      'POST',
      { origin: url, 'sec-fetch-site': 'same-origin', ...JSON_TYPE },
      CREATE,
    )
    expect.soft(own.status).toBe(201)
  })

  it('answers a deployed preview named with --cors, and only that one', async () => {
    const preview = 'https://preview.example.com'
    const { url } = await start({ cors: preview })
    const allowed = await send(
      `${url}/v1/workers`,
      'POST',
      { origin: preview, 'sec-fetch-site': 'cross-site', ...JSON_TYPE },
      CREATE,
    )
    expect.soft(allowed.status).toBe(201)
    const other = await send(
      `${url}/v1/workers`,
      'POST',
      { origin: 'https://other.example.com', ...JSON_TYPE },
      CREATE,
    )
    expect.soft(other.status).toBe(403)
  })
})
