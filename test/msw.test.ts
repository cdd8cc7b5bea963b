import { http } from 'msw'
import { setupServer } from 'msw/node'
import { describe, expect, it } from 'vitest'
import { createMockApp } from '../src/mock/app.js'
import { createMswHandlers } from '../src/msw/handlers.js'
import { MockCreateWorkerResponse } from '../src/schemas/worker.js'
import { fixedClock } from './helpers/send.js'

const BASE_URL = 'http://api.test'
const SEED = 7
const FETCH_TIMEOUT_MS = 5_000

type Call = { method: string; path: string; body?: string; headers?: Record<string, string> }

const init = ({ method, body, headers }: Call): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', ...headers },
  ...(body === undefined ? {} : { body }),
})

/** Status, content type and parsed body of an answer. */
const read = async (res: Response) => ({
  status: res.status,
  contentType: res.headers.get('content-type'),
  body: await res.json(),
})

/**
 * Runs `calls` with fetch against MSW handlers (one msw/node server, closed afterwards) and
 * through `app.request()` on a separate app with the same options; resolves with both answers.
 */
const both = async (calls: readonly ((previous: unknown) => Call)[], baseUrl = BASE_URL) => {
  const { handlers } = createMswHandlers({ seed: SEED, clock: fixedClock, baseUrl })
  const reference = createMockApp({ seed: SEED, clock: fixedClock })
  const server = setupServer(...handlers)
  server.listen({ onUnhandledRequest: 'error' })
  try {
    const viaMsw: Awaited<ReturnType<typeof read>>[] = []
    const viaApp: Awaited<ReturnType<typeof read>>[] = []
    for (const call of calls) {
      const mswCall = call(viaMsw.at(-1)?.body)
      const appCall = call(viaApp.at(-1)?.body)
      viaMsw.push(
        await read(
          await fetch(`${BASE_URL}${mswCall.path}`, {
            ...init(mswCall),
            signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
          }),
        ),
      )
      viaApp.push(await read(await reference.request(appCall.path, init(appCall))))
    }
    return { viaMsw, viaApp }
  } finally {
    server.close()
  }
}

const create = (): Call => ({
  method: 'POST',
  path: '/v1/workers',
  body: JSON.stringify({ name: 'msw worker', destination: 'cloud' }),
})

const renameCreated = (previous: unknown): Call => ({
  method: 'PATCH',
  path: `/v1/workers/${MockCreateWorkerResponse.parse(previous).worker.id}`,
  body: JSON.stringify({ name: 'renamed' }),
})

describe('createMswHandlers', () => {
  it('answers a create through fetch exactly as app.request() does with the same seed', async () => {
    const { viaMsw, viaApp } = await both([create])

    expect(viaMsw).toEqual(viaApp)
    expect.soft(viaMsw[0]?.status).toBe(201)
    expect.soft(MockCreateWorkerResponse.safeParse(viaMsw[0]?.body).error).toBeUndefined()
  })

  it('keeps state across calls: a created worker can be renamed', async () => {
    const { viaMsw, viaApp } = await both([create, renameCreated])

    expect(viaMsw).toEqual(viaApp)
    expect.soft(viaMsw.map((answer) => answer.status)).toEqual([201, 200])
  })

  it('answers an invalid request with the same problem+json', async () => {
    const invalid = (): Call => ({
      method: 'POST',
      path: '/v1/workers',
      body: JSON.stringify({ name: '', destination: 'moon' }),
    })
    const malformed = (): Call => ({ method: 'POST', path: '/v1/workers', body: '{"name":' })

    const { viaMsw, viaApp } = await both([invalid, malformed])

    expect(viaMsw).toEqual(viaApp)
    expect.soft(viaMsw.map((answer) => answer.status)).toEqual([400, 400])
    expect.soft(viaMsw[0]?.contentType).toBe('application/problem+json')
  })

  it('answers any origin by default, and /__mock routes too', async () => {
    const { handlers, app } = createMswHandlers({ seed: SEED, clock: fixedClock })
    const server = setupServer(...handlers)
    server.listen({ onUnhandledRequest: 'error' })
    try {
      const signal = AbortSignal.timeout(FETCH_TIMEOUT_MS)
      const created = await fetch('https://anywhere.example/v1/workers', {
        ...init(create()),
        signal,
      })
      const admin = await fetch('http://localhost:5173/__mock/no-such-route', { signal })

      expect.soft(created.status).toBe(201)
      expect.soft(admin.headers.get('content-type')).toBe('application/problem+json')
      // The returned app is the one behind the handlers: it holds the worker just created.
      const rename = renameCreated(await created.json())
      const renamed = await app.request(rename.path, init(rename))
      expect.soft(renamed.status).toBe(200)
    } finally {
      server.close()
    }
  })

  it('leaves requests outside /v1 and /__mock, or of another origin, to the next handler', async () => {
    const { handlers } = createMswHandlers({ baseUrl: `${BASE_URL}/` })
    const fallback = http.all('*', () => new Response('next handler', { status: 299 }))
    const server = setupServer(...handlers, fallback)
    server.listen({ onUnhandledRequest: 'error' })
    try {
      const signal = AbortSignal.timeout(FETCH_TIMEOUT_MS)
      const elsewhere = await fetch(`${BASE_URL}/elsewhere`, { signal })
      const otherOrigin = await fetch('http://other.test/v1/workers', { signal })
      const ours = await fetch(`${BASE_URL}/v1/workers`, { ...init(create()), signal })

      expect.soft(await elsewhere.text()).toBe('next handler')
      expect.soft(await otherOrigin.text()).toBe('next handler')
      expect.soft(ours.status).toBe(201)
    } finally {
      server.close()
    }
  })
})
