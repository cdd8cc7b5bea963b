import { z } from '@hono/zod-openapi'
import { describe, expect, it } from 'vitest'
import { type MockServerOptions, startMockServer } from '../../src/mock/server.js'
import { MockLlmProvider } from '../../src/schemas/llm-provider.js'
import { MockInstance, MockLaunch, MockWorker } from '../../src/schemas/worker.js'
import { cleanUpAfterEach } from '../helpers/clean-up.js'
import { fetchJson } from '../helpers/fetch-json.js'
import { inSession, State } from '../helpers/mock-state.js'
import { makeId } from '../helpers/requests.js'
import { pointersOf } from '../helpers/send.js'

const { servers } = cleanUpAfterEach<Awaited<ReturnType<typeof startMockServer>>>()

const API_KEY = 'sk-PLANTED-5a9c3e7f1b2d4c6e8a0f'
const EVIL = 'https://evil.example'

/** A worker as `GET /__mock/state` shows it. */
const ShownWorker = z
  .object({
    worker: MockWorker,
    instance: MockInstance,
    launch: MockLaunch,
    nextChange: z.object({ at: z.string(), status: z.string() }).nullable(),
  })
  .strict()

const start = async (options: MockServerOptions = {}) => {
  const server = await startMockServer({ port: 0, host: '127.0.0.1', ...options })
  servers.push(server)
  const call = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    fetchJson(server.url, method, path, body, headers)
  const state = async (headers: Record<string, string> = {}) =>
    State.parse((await call('GET', '/__mock/state', undefined, headers)).body)
  const workerIds = async (headers: Record<string, string> = {}) =>
    (await state(headers)).workers.map(({ worker }) => worker.id)
  const providerPath = `/v1/orgs/${server.app.ids.orgId}/llm-providers/${server.app.ids.llmProviderId}`
  return { server, call, state, workerIds, providerPath }
}

describe('state editing', () => {
  it('adds a worker with a chosen status that the API then answers, and shows it as the state does', async () => {
    const mock = await start()
    const added = await mock.call('POST', '/__mock/state/workers', {
      name: 'gpu box',
      destination: 'cloud',
      status: 'stopped',
    })
    expect(added.status).toBe(201)
    const shown = ShownWorker.parse(added.body)
    expect.soft(shown.worker).toMatchObject({ name: 'gpu box', status: 'stopped' })
    expect.soft(shown.instance.status).toBe('stopped')
    const { workers } = z
      .object({ workers: z.array(ShownWorker) })
      .parse((await mock.call('GET', '/__mock/state')).body)
    expect.soft(workers.find((w) => w.worker.id === shown.worker.id)).toEqual(added.body)
    const renamed = await mock.call('PATCH', `/v1/workers/${shown.worker.id}`, { name: 'gpu' })
    expect.soft(renamed.status).toBe(200)
    expect.soft(renamed.body).toMatchObject({ worker: { name: 'gpu', status: 'stopped' } })
  })

  it('adds a worker with its own id, and refuses that id a second time with a 409 naming /body/id', async () => {
    const mock = await start()
    const id = makeId('wrk')
    expect((await mock.call('POST', '/__mock/state/workers', { id, name: 'one' })).status).toBe(201)
    const before = await mock.workerIds()
    const again = await mock.call('POST', '/__mock/state/workers', { id, name: 'two' })
    expect.soft(again.status).toBe(409)
    expect.soft(again.headers.get('content-type')).toBe('application/problem+json')
    expect.soft(pointersOf(again.body)).toEqual(['/body/id'])
    expect.soft(await mock.workerIds()).toEqual(before)
    const [kept] = (await mock.state()).workers.filter((w) => w.worker.id === id)
    expect.soft(kept?.worker.name).toBe('one')
  })

  it('patches a worker: renamed, pinned to a status, moved to the other destination', async () => {
    const mock = await start()
    const [first] = await mock.workerIds()
    const res = await mock.call('PATCH', `/__mock/state/workers/${first}`, {
      name: 'renamed by hand',
      status: 'failed',
      destination: 'cloud',
    })
    expect(res.status).toBe(200)
    const { worker, instance } = ShownWorker.parse(res.body)
    expect.soft(worker).toMatchObject({
      id: first,
      name: 'renamed by hand',
      status: 'failed',
      destination: 'cloud',
    })
    expect.soft(instance.provider).not.toBe('local')
    const api = await mock.call('PATCH', `/v1/workers/${first}`, { name: 'via the API' })
    expect.soft(api.body).toMatchObject({ worker: { status: 'failed', destination: 'cloud' } })
  })

  it('sets a worker going on along the lifecycle from a recorded status, where a pin had held it', async () => {
    const mock = await start()
    const added = ShownWorker.parse(
      (
        await mock.call('POST', '/__mock/state/workers', {
          destination: 'cloud',
          ageMs: 0,
          status: 'stopped',
        })
      ).body,
    )
    expect.soft(added.nextChange).toBeNull()
    const res = await mock.call('PATCH', `/__mock/state/workers/${added.worker.id}`, {
      recordedStatus: 'starting',
    })
    const patched = ShownWorker.parse(res.body)
    expect.soft(patched.worker.status).toBe('starting')
    expect.soft(patched.nextChange?.status).toBe('running')
  })

  it('deletes a worker: the API then answers 404 for it, and a second delete is a 404 too', async () => {
    const mock = await start()
    const [first, ...rest] = await mock.workerIds()
    const res = await mock.call('DELETE', `/__mock/state/workers/${first}`)
    expect.soft(res.status).toBe(204)
    expect.soft(res.text).toBe('')
    expect.soft(await mock.workerIds()).toEqual(rest)
    const api = await mock.call('PATCH', `/v1/workers/${first}`, { name: 'gone' })
    expect.soft(api.status).toBe(404)
    const again = await mock.call('DELETE', `/__mock/state/workers/${first}`)
    expect.soft(again.status).toBe(404)
    expect.soft(pointersOf(again.body)).toEqual(['/params/id'])
  })

  it("sets the provider's fields and a write-only key that shows only as the API shows keys", async () => {
    const mock = await start()
    const res = await mock.call('PATCH', '/__mock/state/llm-provider', {
      modelIds: ['model-a', 'model-b'],
      customConfigText: 'region: eu',
      apiKey: API_KEY,
    })
    expect(res.status).toBe(200)
    const shown = MockLlmProvider.strict().parse(res.body)
    expect.soft(shown).toMatchObject({
      modelIds: ['model-a', 'model-b'],
      customConfigText: 'region: eu',
      hasApiKey: true,
      apiKeyLastFour: API_KEY.slice(-4),
    })
    expect.soft((await mock.state()).llmProviders).toEqual([res.body])
    // The next update through the API answers the fields set here; it sends only `source`.
    const api = await mock.call('PATCH', mock.providerPath, { source: 'custom' })
    expect.soft(api.body).toMatchObject({
      llmProvider: { source: 'custom', modelIds: ['model-a', 'model-b'], hasApiKey: true },
    })
    for (const text of [res.text, api.text, JSON.stringify(await mock.state())])
      expect.soft(text).not.toContain('PLANTED')
  })

  it('removes the key with an empty apiKey, as the API does', async () => {
    const mock = await start()
    await mock.call('PATCH', '/__mock/state/llm-provider', { apiKey: API_KEY })
    const res = await mock.call('PATCH', '/__mock/state/llm-provider', { apiKey: '' })
    expect(res.body).toMatchObject({ hasApiKey: false, apiKeyLastFour: null })
  })

  it('edits the session the x-mock-session header names, and keeps its journal', async () => {
    const mock = await start()
    const a = inSession('a')
    await mock.call('POST', '/v1/workers', { name: 'from the app', destination: 'local' }, a)
    const added = await mock.call('POST', '/__mock/state/workers', { name: 'only in a' }, a)
    expect(added.status).toBe(201)
    const names = async (headers: Record<string, string>) =>
      (await mock.state(headers)).workers.map((w) => w.worker.name)
    expect.soft(await names(a)).toContain('only in a')
    expect.soft(await names({})).not.toContain('only in a')
    const journal = await mock.call('GET', '/__mock/requests?session=a')
    expect.soft(journal.body).toMatchObject({ count: 1 })
  })

  it("refuses a worker past the session's count bound with a 409 and drops none", async () => {
    // the default scenario seeds three workers
    const mock = await start({ limits: { maxWorkers: 3 } })
    const before = await mock.workerIds()
    const res = await mock.call('POST', '/__mock/state/workers', { name: 'one too many' })
    expect.soft(res.status).toBe(409)
    expect.soft(pointersOf(res.body)).toEqual(['/body'])
    expect.soft(await mock.workerIds()).toEqual(before)
  })

  it("refuses a patch that would pass the session's byte bound and keeps the worker as it was", async () => {
    const mock = await start({ limits: { maxSessionBytes: 64 * 1024 } })
    const [first] = (await mock.state()).workers
    if (!first) throw new Error('the default scenario seeds workers')
    const res = await mock.call('PATCH', `/__mock/state/workers/${first.worker.id}`, {
      description: 'd'.repeat(100 * 1024),
    })
    expect.soft(res.status).toBe(409)
    const [after] = (await mock.state()).workers
    expect.soft(after?.worker.description).toBe(first.worker.description)
  })

  it.each([
    ['POST', '/__mock/state/workers', '{"name":', '/body'],
    ['POST', '/__mock/state/workers', { name: 7 }, '/body/name'],
    ['POST', '/__mock/state/workers', { name: 'w', colour: 'red' }, '/body/colour'],
    ['POST', '/__mock/state/workers', { status: 'asleep' }, '/body/status'],
    ['POST', '/__mock/state/workers', { id: 'wrk_short' }, '/body/id'],
    ['POST', '/__mock/state/workers', [], '/body'],
    ['PATCH', '/__mock/state/workers/{id}', '{"name":', '/body'],
    ['PATCH', '/__mock/state/workers/{id}', { name: '' }, '/body/name'],
    ['PATCH', '/__mock/state/workers/{id}', { id: 'wrk_x' }, '/body/id'],
    ['PATCH', '/__mock/state/workers/{id}', { ageMs: -1 }, '/body/ageMs'],
    ['PATCH', '/__mock/state/workers/not-an-id', { name: 'x' }, '/params/id'],
    ['DELETE', '/__mock/state/workers/not-an-id', undefined, '/params/id'],
    ['PATCH', '/__mock/state/llm-provider', '{', '/body'],
    ['PATCH', '/__mock/state/llm-provider', { modelIds: 'one' }, '/body/modelIds'],
    ['PATCH', '/__mock/state/llm-provider', { hasApiKey: true }, '/body/hasApiKey'],
    ['PATCH', '/__mock/state/llm-provider', { source: 'elsewhere' }, '/body/source'],
  ])(
    'answers %s %s with %j a 400 naming %s, and changes nothing',
    async (method, path, body, pointer) => {
      const mock = await start()
      const before = await mock.state()
      const [first] = before.workers
      const res = await mock.call(method, path.replace('{id}', first?.worker.id ?? ''), body)
      expect.soft(res.status).toBe(400)
      expect.soft(res.headers.get('content-type')).toBe('application/problem+json')
      expect.soft(pointersOf(res.body)).toEqual([pointer])
      expect.soft(await mock.state()).toEqual(before)
    },
  )

  it.each([
    ['PATCH', '/__mock/state/workers/{unknown}', { name: 'x' }],
    ['DELETE', '/__mock/state/workers/{unknown}', undefined],
  ])('answers %s of an unknown worker with a 404 naming /params/id', async (method, path, body) => {
    const mock = await start()
    const res = await mock.call(method, path.replace('{unknown}', makeId('wrk')), body)
    expect.soft(res.status).toBe(404)
    expect.soft(pointersOf(res.body)).toEqual(['/params/id'])
  })

  it.each([
    ['POST', '/__mock/state/workers', { name: 'evil' }],
    ['PATCH', '/__mock/state/workers/{id}', { name: 'evil' }],
    ['DELETE', '/__mock/state/workers/{id}', undefined],
    ['PATCH', '/__mock/state/llm-provider', { modelIds: ['evil'] }],
  ])(
    'refuses %s %s from a page of another origin and changes nothing',
    async (method, path, body) => {
      const mock = await start()
      const before = await mock.state()
      const [first] = before.workers
      const res = await mock.call(method, path.replace('{id}', first?.worker.id ?? ''), body, {
        origin: EVIL,
      })
      expect.soft(res.status).toBe(403)
      expect.soft(pointersOf(res.body)).toEqual(['/headers/origin'])
      expect.soft(res.headers.get('access-control-allow-origin')).toBeNull()
      expect.soft(await mock.state()).toEqual(before)
      // the guard refused it, not the route: the same request from the mock's own side is answered
      const own = await mock.call(method, path.replace('{id}', first?.worker.id ?? ''), body)
      expect.soft(own.status).toBeLessThan(300)
    },
  )
})
