import { fileURLToPath } from 'node:url'
import { z } from '@hono/zod-openapi'
import { describe, expect, it } from 'vitest'
import { createMockApp, type MockApp } from '../../src/mock/app.js'
import { Scenario } from '../../src/mock/scenario.js'
import { Problem } from '../../src/schemas/problem.js'
import { MockCreateWorkerResponse } from '../../src/schemas/worker.js'
import { inSession, SHIPPED_SCENARIOS, State, stateIn } from '../helpers/mock-state.js'
import { providerPath } from '../helpers/requests.js'
import { fixedClock, pointersOf, send } from '../helpers/send.js'

const Health = z
  .object({
    status: z.literal('ok'),
    mode: z.literal('mock'),
    sessions: z.int(),
    scenario: z.string(),
    uptimeMs: z.int(),
    orgId: z.string(),
    llmProviderId: z.string(),
    contract: z.string(),
  })
  .strict()
const Scenarios = z.object({
  scenarios: z.array(
    z.object({ name: z.string(), description: z.string(), replacesData: z.boolean() }).strict(),
  ),
})

const API_KEY = 'sk-PLANTED-7d3e1f0a9b8c6d5e4f3a'

const createIn = async (app: MockApp, headers: Record<string, string> = {}) => {
  const res = await send(app, 'POST', '/v1/workers', { name: 'w', destination: 'cloud' }, headers)
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`)
  return MockCreateWorkerResponse.parse(res.body)
}

const renameIn = async (app: MockApp, id: string, headers: Record<string, string> = {}) =>
  (await send(app, 'PATCH', `/v1/workers/${id}`, { name: 'renamed' }, headers)).status

const journalSessions = (app: MockApp) => app.control.journal.list().map((e) => e.session)

describe('admin', () => {
  it.each([
    ['the default session', {}, {}, 'default', 3],
    [
      'a session in its own scenario',
      { 'x-mock-session': 'c', 'x-mock-scenario': 'empty' },
      {},
      'empty',
      4,
    ],
    ['the app scenario', {}, { scenario: 'cloud-provisioning' }, 'cloud-provisioning', 3],
  ])(
    'answers health with ok, the session count and the scenario of %s',
    async (_, headers, options, scenario, sessions) => {
      const app = createMockApp(options)
      await createIn(app, inSession('a'))
      await createIn(app, inSession('b'))
      const res = await send(app, 'GET', '/__mock/health', undefined, headers)
      expect.soft(res.status).toBe(200)
      const health = Health.parse(res.body)
      expect.soft(health.scenario).toBe(scenario)
      // a, b, the default session (started with the app), and c when named
      expect.soft(health.sessions).toBe(sessions)
      expect.soft(health.uptimeMs).toBeGreaterThanOrEqual(0)
    },
  )

  it('lists the seven shipped scenarios with their descriptions', async () => {
    const res = await send(createMockApp(), 'GET', '/__mock/scenarios')
    const { scenarios } = Scenarios.parse(res.body)
    expect.soft(scenarios.map((s) => s.name).sort()).toEqual(SHIPPED_SCENARIOS)
    for (const { name, description } of scenarios)
      expect.soft(description.length, name).toBeGreaterThan(20)
  })

  it('lists a scenario given to the app next to the shipped ones', async () => {
    const extra = Scenario.parse({ name: 'mine', description: 'my own' })
    const res = await send(createMockApp({ scenarios: [extra] }), 'GET', '/__mock/scenarios')
    const { scenarios } = Scenarios.parse(res.body)
    expect.soft(scenarios).toHaveLength(SHIPPED_SCENARIOS.length + 1)
    expect
      .soft(scenarios)
      .toContainEqual({ name: 'mine', description: 'my own', replacesData: false })
  })

  it('shows the session workers with status, instance and launch as the API answered them', async () => {
    const app = createMockApp({ clock: fixedClock })
    const created = await createIn(app, inSession('a'))
    const state = await stateIn(app, inSession('a'))
    expect.soft(state.session).toBe('a')
    expect.soft(state.scenario).toBe('default')
    expect.soft(state.orgId).toBe(app.ids.orgId)
    expect.soft(state.organizations.map((o) => o.id)).toEqual([app.ids.orgId])
    expect.soft(state.workers).toHaveLength(4)
    expect.soft(state.workers.at(-1)).toEqual({
      worker: created.worker,
      instance: created.instance,
      launch: created.launch,
    })
    expect.soft(state.workers.map((w) => w.worker.status)).toContain('stopped')
  })

  it('shows the provider with hasApiKey and never the key', async () => {
    const app = createMockApp()
    const res = await send(app, 'PATCH', providerPath(app), { source: 'custom', apiKey: API_KEY })
    expect(res.status).toBe(200)
    const raw = await send(app, 'GET', '/__mock/state')
    const state = State.parse(raw.body)
    expect.soft(state.llmProviders.map((p) => p.id)).toEqual([app.ids.llmProviderId])
    expect.soft(state.llmProviders[0]?.hasApiKey).toBe(true)
    expect.soft(raw.text).not.toContain(API_KEY)
    expect.soft(raw.text).not.toContain('apiKey"')
  })

  it('resets only the session named by x-mock-session, with its journal', async () => {
    const app = createMockApp()
    const inA = await createIn(app, inSession('a'))
    const inB = await createIn(app, inSession('b'))
    const res = await send(app, 'POST', '/__mock/reset', undefined, inSession('a'))
    expect.soft(res.status).toBe(200)
    expect.soft(res.body).toEqual({ reset: 'a' })
    expect.soft(journalSessions(app)).toEqual(['b'])
    expect.soft((await stateIn(app, inSession('a'))).workers).toHaveLength(3)
    expect.soft(await renameIn(app, inA.worker.id, inSession('a'))).toBe(404)
    expect.soft(await renameIn(app, inB.worker.id, inSession('b'))).toBe(200)
  })

  it('resets a session back into its own scenario', async () => {
    const app = createMockApp()
    await createIn(app, { 'x-mock-session': 'a', 'x-mock-scenario': 'empty' })
    await send(app, 'POST', '/__mock/reset', undefined, inSession('a'))
    const state = await stateIn(app, inSession('a'))
    expect.soft(state.scenario).toBe('empty')
    expect.soft(state.workers).toEqual([])
  })

  it('resets every session and the whole journal without a session header', async () => {
    const app = createMockApp()
    const inA = await createIn(app, inSession('a'))
    const inDefault = await createIn(app)
    const res = await send(app, 'POST', '/__mock/reset')
    expect.soft(res.status).toBe(200)
    expect.soft(res.body).toEqual({ reset: 'all' })
    expect.soft(journalSessions(app)).toEqual([])
    expect.soft(await renameIn(app, inA.worker.id, inSession('a'))).toBe(404)
    expect.soft(await renameIn(app, inDefault.worker.id)).toBe(404)
  })

  it('switches the default session, and new sessions, to a scenario without a session header', async () => {
    const app = createMockApp()
    const inA = await createIn(app, inSession('a'))
    const res = await send(app, 'PUT', '/__mock/scenario', { name: 'empty' })
    expect.soft(res.status).toBe(200)
    expect.soft(res.body).toMatchObject({ session: '', scenario: 'empty' })
    expect.soft((await stateIn(app)).workers).toEqual([])
    expect.soft((await stateIn(app, inSession('new'))).scenario).toBe('empty')
    expect.soft(await renameIn(app, inA.worker.id, inSession('a'))).toBe(200)
  })

  it('switches only the session named by x-mock-session, and restarts it', async () => {
    const app = createMockApp()
    const inA = await createIn(app, inSession('a'))
    const res = await send(app, 'PUT', '/__mock/scenario', { name: 'empty' }, inSession('a'))
    expect.soft(res.status).toBe(200)
    expect.soft(res.body).toMatchObject({ session: 'a', scenario: 'empty' })
    const state = await stateIn(app, inSession('a'))
    expect.soft(state.scenario).toBe('empty')
    expect.soft(state.workers).toEqual([])
    expect.soft(await renameIn(app, inA.worker.id, inSession('a'))).toBe(404)
    expect.soft((await stateIn(app)).scenario).toBe('default')
    expect.soft((await stateIn(app, inSession('new'))).scenario).toBe('default')
  })

  it('answers an unknown scenario name with a 404 problem pointing at /body/name', async () => {
    const res = await send(createMockApp(), 'PUT', '/__mock/scenario', { name: 'nope' })
    expect.soft(res.status).toBe(404)
    expect.soft(res.contentType).toBe('application/problem+json')
    expect.soft(pointersOf(res.body)).toEqual(['/body/name'])
  })

  // The admin API is reachable from any web page (CORS *): it must never read the disk.
  it.each(['scenarios/empty.json', '/etc/passwd', '../package.json'])(
    'refuses the file path %s as a scenario name without reading it',
    async (path) => {
      const file = path.startsWith('scenarios/')
        ? fileURLToPath(new URL(`../../${path}`, import.meta.url))
        : path
      const res = await send(createMockApp(), 'PUT', '/__mock/scenario', { name: file })
      expect.soft(res.status).toBe(400)
      expect.soft(pointersOf(res.body)).toEqual(['/body/name'])
      expect.soft(res.text).not.toMatch(/root:|"name":\s*"empty"|devDependencies/)
    },
  )

  it.each([
    ['malformed JSON', '{"name":', '/body'],
    ['an empty body', '', '/body'],
    ['an extra key', { name: 'empty', extra: 1 }, '/body/extra'],
    ['an array', ['empty'], '/body'],
    ['no name', {}, '/body/name'],
    ['an empty name', { name: '' }, '/body/name'],
    ['a number as the name', { name: 7 }, '/body/name'],
  ])('rejects a scenario switch with %s with a 400 problem at %s', async (_, body, pointer) => {
    const app = createMockApp()
    const res = await send(app, 'PUT', '/__mock/scenario', body)
    expect.soft(res.status).toBe(400)
    expect.soft(res.contentType).toBe('application/problem+json')
    expect.soft(pointersOf(res.body)).toEqual([pointer])
    expect.soft((await stateIn(app)).scenario).toBe('default')
  })

  it.each([
    ['an unknown operation', '?operation=nope', '/query/operation'],
    ['an operation in another case', '?operation=CREATEWORKER', '/query/operation'],
  ])('rejects a journal query with %s with a 400 problem at %s', async (_, query, pointer) => {
    const res = await send(createMockApp(), 'GET', `/__mock/requests${query}`)
    expect.soft(res.status).toBe(400)
    expect.soft(res.contentType).toBe('application/problem+json')
    expect.soft(pointersOf(res.body)).toEqual([pointer])
  })

  it('rejects a journal query with an unknown key with a 400 problem', async () => {
    const res = await send(createMockApp(), 'GET', '/__mock/requests?foo=1')
    expect.soft(res.status).toBe(400)
    expect.soft(res.contentType).toBe('application/problem+json')
  })

  it('points at the unknown key for an unknown query key', async () => {
    const res = await send(createMockApp(), 'GET', '/__mock/requests?foo=1')
    expect(pointersOf(res.body)).toEqual(['/query/foo'])
  })

  it.each([
    ['GET', '/__mock/nope'],
    ['GET', '/__mock'],
  ])('answers %s %s with a 404 problem', async (method, path) => {
    const res = await send(createMockApp(), method, path)
    expect.soft(res.status).toBe(404)
    expect.soft(res.contentType).toBe('application/problem+json')
    expect.soft(Problem.parse(res.body).type).toBe('urn:worker-api-kit:problem:not-found')
  })

  // A path the admin API has, taken with another method: 405 and the methods it takes (RFC 9110
  // §15.5.6), as the API's paths answer (issue 35's red team: it was a 404).
  it.each([
    ['GET', '/__mock/reset', 'POST'],
    ['POST', '/__mock/state', 'GET, PUT'],
    ['PATCH', '/__mock/requests', 'GET, DELETE'],
    ['DELETE', '/__mock/scenario', 'PUT'],
  ])('answers %s %s with a 405 problem allowing %s', async (method, path, allow) => {
    const res = await send(createMockApp(), method, path)
    expect.soft(res.status).toBe(405)
    expect.soft(res.headers.get('allow')).toBe(allow)
    expect.soft(Problem.parse(res.body).type).toBe('urn:worker-api-kit:problem:method-not-allowed')
  })

  it('keeps the admin routes out of /openapi.json', async () => {
    const res = await send(createMockApp(), 'GET', '/openapi.json')
    const { paths } = z.object({ paths: z.record(z.string(), z.unknown()) }).parse(res.body)
    expect.soft(Object.keys(paths).filter((path) => path.startsWith('/__mock'))).toEqual([])
    expect.soft(Object.keys(paths).length).toBeGreaterThan(0)
  })

  it.each([
    ['GET', '/__mock/health', undefined, {}],
    ['GET', '/__mock/scenarios', undefined, {}],
    ['GET', '/__mock/state', undefined, inSession('a')],
    ['GET', '/__mock/requests?operation=createWorker&session=a', undefined, {}],
    ['DELETE', '/__mock/requests', undefined, inSession('a')],
    ['POST', '/__mock/reset', undefined, inSession('a')],
    ['PUT', '/__mock/scenario', { name: 'flaky' }, inSession('a')],
  ])('answers %s %s with JSON', async (method, path, body, headers) => {
    const res = await send(createMockApp(), method, path, body, headers)
    expect.soft(res.status).toBe(200)
    expect.soft(res.contentType).toBe('application/json')
    expect.soft(() => JSON.parse(res.text)).not.toThrow()
  })

  it.each([
    ['a bad session header', 'GET', '/__mock/state', undefined, { 'x-mock-session': 'a b' }, 400],
    [
      'an unknown scenario header',
      'GET',
      '/__mock/health',
      undefined,
      { 'x-mock-scenario': 'x' },
      400,
    ],
    [
      'a bad session header on reset',
      'POST',
      '/__mock/reset',
      undefined,
      { 'x-mock-session': '' },
      400,
    ],
    ['a bad query', 'GET', '/__mock/requests?operation=x', undefined, {}, 400],
    ['a bad body', 'PUT', '/__mock/scenario', '[', {}, 400],
    ['an unknown scenario', 'PUT', '/__mock/scenario', { name: 'x' }, {}, 404],
    ['an unknown path', 'GET', '/__mock/x', undefined, {}, 404],
  ])('answers %s with application/problem+json', async (_, method, path, body, headers, status) => {
    const res = await send(createMockApp(), method, path, body, headers)
    expect.soft(res.status).toBe(status)
    expect.soft(res.contentType).toBe('application/problem+json')
    const problem = Problem.parse(res.body)
    expect.soft(problem.status).toBe(status)
    expect.soft(problem.instance).toBe(new URL(path, 'http://x').pathname)
  })

  it('leaves the state untouched when a reset names a bad session', async () => {
    const app = createMockApp()
    const inA = await createIn(app, inSession('a'))
    await send(app, 'POST', '/__mock/reset', undefined, { 'x-mock-session': 'a b' })
    expect.soft(await renameIn(app, inA.worker.id, inSession('a'))).toBe(200)
    expect.soft(journalSessions(app)).toEqual(['a', 'a'])
  })
})
