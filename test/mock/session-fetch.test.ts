// `session.fetch` has the signature of `fetch`: openapi-fetch, a Request, a URL, a relative or an
// absolute string all reach the mock in the session, in-process and over HTTP.
import createClient from 'openapi-fetch'
import { describe, expect, it } from 'vitest'
import { createTestSession, type TestSession } from '../../src/mock/test-session.js'
import { MockCreateWorkerResponse } from '../../src/schemas/worker.js'
import { mockTargets } from '../helpers/mock-targets.js'

/** A minimal `paths` type, as openapi-typescript writes one, for the one operation used here. */
type paths = {
  '/v1/workers': {
    post: {
      requestBody: {
        content: { 'application/json': { name: string; destination: 'local' | 'cloud' } }
      }
      responses: {
        201: { content: { 'application/json': { worker: { id: string; name: string } } } }
      }
    }
  }
}

const WAIT_MS = 10_000

const TARGETS = mockTargets()

const BODY = JSON.stringify({ name: 'from fetch', destination: 'local' })
const POST: RequestInit = {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: BODY,
  signal: AbortSignal.timeout(WAIT_MS),
}

/** The ids of the workers the session holds. */
const idsIn = async (session: TestSession) =>
  (await session.state()).workers.map(({ worker }) => worker.id)

const createdId = async (res: Response) => {
  expect(res.status).toBe(201)
  return MockCreateWorkerResponse.parse(await res.json()).worker.id
}

describe('session.fetch', () => {
  it.each(TARGETS)('is the fetch of an openapi-fetch client %s', async (_, target) => {
    const session = createTestSession(await target())
    const client = createClient<paths>({ baseUrl: 'https://api.example.com', fetch: session.fetch })
    const { data, response } = await client.POST('/v1/workers', {
      body: { name: 'typed', destination: 'local' },
    })
    expect(response.status).toBe(201)
    expect(await idsIn(session)).toContain(data?.worker.id)
  })

  it.each(TARGETS)('takes a Request with a body and headers %s', async (_, target) => {
    const session = createTestSession(await target())
    const request = new Request('https://api.example.com/v1/workers', POST)
    const id = await createdId(await session.fetch(request))
    expect(await idsIn(session)).toContain(id)
  })

  it.each(TARGETS)('takes a URL, a relative and an absolute string %s', async (_, target) => {
    const session = createTestSession(await target())
    for (const input of [
      new URL('http://127.0.0.1:9/v1/workers'),
      '/v1/workers',
      'https://api.example.com/v1/workers',
    ]) {
      const id = await createdId(await session.fetch(input, POST))
      expect(await idsIn(session)).toContain(id)
    }
  })

  it.each(TARGETS)('keeps the query of the request %s', async (_, target) => {
    const session = createTestSession(await target())
    const res = await session.fetch(new URL('https://api.example.com/__mock/requests?limit=1'))
    expect(res.status).toBe(200)
    const bad = await session.fetch('/__mock/requests?limit=nope')
    await bad.body?.cancel()
    expect(bad.status).toBe(400)
  })

  it.each(TARGETS)(
    "a request's own session header does not move session.fetch to another session %s",
    async (_, target) => {
      const at = await target()
      const [session, other] = [createTestSession(at), createTestSession(at)]
      const request = new Request('https://api.example.com/v1/workers', {
        ...POST,
        headers: {
          'content-type': 'application/json',
          'x-mock-session': other.id,
          authorization: 'Bearer PLANTED-token',
        },
      })
      const id = await createdId(await session.fetch(request))
      expect.soft(await idsIn(session)).toContain(id)
      expect.soft(await idsIn(other)).not.toContain(id)
      // the caller's other headers still reach the mock
      const [entry] = await session.requests({ operation: 'createWorker' })
      expect.soft(entry?.request.contentType).toBe('application/json')
      expect.soft(entry?.request.authorization).toBe('[REDACTED]')
    },
  )

  it.each(TARGETS)(
    "a request's own scenario header does not move a session made with a scenario %s",
    async (_, target) => {
      const session = createTestSession(await target(), { scenario: 'empty' })
      const res = await session.fetch('/__mock/state', {
        headers: { 'x-mock-scenario': 'default' },
      })
      expect(((await res.json()) as { scenario: string }).scenario).toBe('empty')
    },
  )
})
