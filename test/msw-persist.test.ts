// `createMswHandlers({ persist })`: the mock's state kept in a storage across a "reload" (the
// handlers created again over the same storage), over msw/node with fetch.
import { setupServer } from 'msw/node'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMswHandlers } from '../src/msw/handlers.js'
import { fixedClock } from './helpers/send.js'

const BASE_URL = 'http://api.test'
const SEED = 7
const KEY = 'worker-api-kit'
const FETCH_TIMEOUT_MS = 5_000
const API_KEY = 'sk-live-0123456789abcdefghijklmnopqrstuv'

/** sessionStorage's three methods over a Map; `failWrites` plays a full storage (quota). */
const mapStorage = (entries: Record<string, string> = {}, failWrites = false) => {
  const map = new Map(Object.entries(entries))
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (failWrites) throw new Error('QuotaExceededError: the quota has been exceeded')
      map.set(key, value)
    },
    removeItem: (key: string) => {
      map.delete(key)
    },
  }
}
type MapStorage = ReturnType<typeof mapStorage>

type Answer = { status: number; body: Record<string, unknown> }

/** A page's life: handlers created over `storage` (a load), requests, then closed (the unload). */
const page = async <T>(storage: MapStorage, visit: (call: typeof request) => Promise<T>) => {
  const { handlers } = createMswHandlers({
    seed: SEED,
    clock: fixedClock,
    baseUrl: BASE_URL,
    persist: { storage },
  })
  const server = setupServer(...handlers)
  server.listen({ onUnhandledRequest: 'error' })
  try {
    return await visit(request)
  } finally {
    server.close()
  }
}

const request = async (
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> => {
  const res = await fetch(`${BASE_URL}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

const workerIdOf = (answer: Answer) => (answer.body['worker'] as { id: string }).id
/** The workers `GET /__mock/state` shows (the default scenario seeds a few). */
const workersOf = (answer: Answer) =>
  (answer.body['workers'] as { worker: Record<string, unknown> }[]).map((w) => w.worker)
/** The state of a mock that never saw the storage: what a fresh start shows. */
const freshState = () => page(mapStorage(), (call) => call('GET', '/__mock/state'))

afterEach(() => {
  vi.restoreAllMocks()
})

describe('msw handlers with persist', () => {
  it('keep a created worker across a reload, with its name, status and date', async () => {
    const storage = mapStorage()
    const before = await page(storage, async (call) => {
      const created = await call('POST', '/v1/workers', { name: 'kept', destination: 'cloud' })
      await call('PATCH', `/v1/workers/${workerIdOf(created)}`, { name: 'kept, renamed' })
      return call('GET', '/__mock/state')
    })
    const after = await page(storage, (call) => call('GET', '/__mock/state'))
    const kept = workersOf(before).at(-1)
    expect(kept).toMatchObject({ name: 'kept, renamed', destination: 'cloud' })
    expect(workersOf(after)).toHaveLength(workersOf(before).length)
    expect(workersOf(after).at(-1)).toMatchObject({
      id: kept?.['id'],
      name: kept?.['name'],
      status: kept?.['status'],
      createdAt: kept?.['createdAt'],
    })
  })

  it('give a create after a reload a fresh id, never one a kept worker holds', async () => {
    const storage = mapStorage()
    const ids: string[] = []
    for (let load = 0; load < 2; load++)
      await page(storage, async (call) => {
        ids.push(workerIdOf(await call('POST', '/v1/workers', { name: 'w', destination: 'local' })))
        ids.push(
          workerIdOf(
            await call(
              'POST',
              '/v1/workers',
              { name: 'named', destination: 'local' },
              { 'x-mock-session': 'tab' },
            ),
          ),
        )
      })
    const [state, named] = await page(storage, async (call) => [
      await call('GET', '/__mock/state'),
      await call('GET', '/__mock/state', undefined, { 'x-mock-session': 'tab' }),
    ])
    const seeded = workersOf(await freshState()).length
    expect(new Set(ids).size).toBe(4)
    expect(workersOf(state)).toHaveLength(seeded + 2)
    expect(workersOf(named)).toHaveLength(seeded + 2)
  })

  it('never write the API key to storage, and show the same key hint after a reload', async () => {
    const storage = mapStorage()
    const before = await page(storage, async (call) => {
      const { orgId, llmProviderId } = (await call('GET', '/__mock/state')).body
      const path = `/v1/orgs/${String(orgId)}/llm-providers/${String(llmProviderId)}`
      return call('PATCH', path, {
        source: 'custom',
        apiKey: API_KEY,
        customConfigText: '{}',
      })
    })
    const saved = storage.map.get(KEY) ?? ''
    expect(saved).toContain('"hasApiKey":true')
    expect(saved).not.toContain(API_KEY)
    expect(saved).not.toContain(API_KEY.slice(0, 20))
    const after = await page(storage, (call) => call('GET', '/__mock/state'))
    const provider = (after.body['llmProviders'] as Record<string, unknown>[])[0]
    expect(provider).toMatchObject({
      source: 'custom',
      customConfigText: '{}',
      hasApiKey: true,
      apiKeyLastFour: API_KEY.slice(-4),
    })
    expect(before.status).toBe(200)
  })

  it('write to storage no key and no token a page sent, echoed in the provider or a worker', async () => {
    const storage = mapStorage()
    const bearer = 'tok-persist-0123456789-abcdefghij'
    await page(storage, async (call) => {
      const ids = (await call('GET', '/__mock/state')).body as {
        orgId: string
        llmProviders: { id: string }[]
      }
      const provider = ids.llmProviders[0]?.id ?? ''
      expect(
        (
          await call('PATCH', `/v1/orgs/${ids.orgId}/llm-providers/${provider}`, {
            source: 'custom',
            apiKey: API_KEY,
            customConfigText: `key: ${API_KEY}, again ${API_KEY}`,
          })
        ).status,
      ).toBe(200)
      expect(
        (
          await call(
            'POST',
            '/v1/workers',
            { name: `echo ${bearer}`, destination: 'local' },
            {
              authorization: `Bearer ${bearer}`,
            },
          )
        ).status,
      ).toBe(201)
    })
    const saved = storage.map.get(KEY) ?? ''
    expect(saved).not.toBe('')
    expect.soft(saved).not.toContain(API_KEY)
    expect.soft(saved).not.toContain(bearer)
  })

  it('keep the scenario a session was switched to', async () => {
    const storage = mapStorage()
    const session = { 'x-mock-session': 'slow-tab' }
    await page(storage, async (call) => {
      await call('PUT', '/__mock/scenario', { name: 'slow' }, session)
    })
    const state = await page(storage, (call) => call('GET', '/__mock/state', undefined, session))
    expect(state.body['scenario']).toBe('slow')
  })

  it('remove what was saved when every session is reset', async () => {
    const storage = mapStorage()
    await page(storage, async (call) => {
      await call('POST', '/v1/workers', { name: 'gone', destination: 'local' })
      expect(storage.map.has(KEY)).toBe(true)
      await call('POST', '/__mock/reset')
    })
    expect(storage.map.has(KEY)).toBe(false)
  })

  it.each([
    ['text that is not JSON', '{"format": "worker-api-kit/saved'],
    ['JSON of another format', JSON.stringify({ format: 'worker-api-kit/saved-state@0', x: 1 })],
    ['JSON of another app', JSON.stringify(['todo', { done: true }])],
  ])('start afresh with one warning from %s in storage', async (_, stored) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const storage = mapStorage({ [KEY]: stored })
    const [state, created] = await page(storage, async (call) => [
      await call('GET', '/__mock/state'),
      await call('POST', '/v1/workers', { name: 'w', destination: 'local' }),
    ])
    expect(state).toEqual(await freshState())
    expect(created?.status).toBe(201)
    expect(warn).toHaveBeenCalledTimes(1)
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/^\[worker-api-kit\] .*starts afresh/)
  })

  it('answer every request when the storage refuses writes, with one warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const storage = mapStorage({}, true)
    const statuses: number[] = []
    await page(storage, async (call) => {
      for (const name of ['a', 'b'])
        statuses.push((await call('POST', '/v1/workers', { name, destination: 'local' })).status)
    })
    expect(statuses).toEqual([201, 201])
    expect(warn).toHaveBeenCalledTimes(1)
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/^\[worker-api-kit\] could not save/)
  })
})
