// Every export loads again (issue 32, item 5): over random sequences of API and admin requests in
// several sessions (keys ending in spaces, tabs or non-ASCII characters, the kit's ids carried in a
// cookie or a credential-named header, keys given in another session), `GET /__mock/scenario/export`
// of each session loads with `createMockApp({ scenario })` and gives the same state, and no key
// any session was given is in any file. In-process, fast-check with a fixed seed; the
// counterexample is printed.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createMockApp, type MockApp } from '../../src/mock/app.js'

const T0 = Date.UTC(2026, 0, 1)
const SESSIONS = ['', 'a', 'b'] as const
type SessionId = (typeof SESSIONS)[number]

/** A key, from a kind a client really sends: plain, with trailing blanks, non-ASCII. */
const apiKey = fc
  .tuple(
    fc.stringMatching(/^sk-[A-Za-z0-9]{12,24}$/),
    fc.constantFrom('', ' ', '  ', '\t', ' \t', 'é', '鍵', '🔑'),
  )
  .map(([body, tail]) => `${body}${tail}`)

type Step =
  | { kind: 'create'; session: SessionId; name: string; carry: 'cookie' | 'header' | 'none' }
  | { kind: 'rename'; session: SessionId; name: string }
  | { kind: 'key'; session: SessionId; key: string }
  | { kind: 'admin-key'; session: SessionId; key: string }
  | { kind: 'admin-add'; session: SessionId; name: string; status: 'stopped' | 'running' }
  | { kind: 'echo-key'; session: SessionId; nth: number }

const name = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ._-]{0,20}$/)
const session = fc.constantFrom(...SESSIONS)
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('create' as const),
    session,
    name,
    carry: fc.constantFrom('cookie' as const, 'header' as const, 'none' as const),
  }),
  fc.record({ kind: fc.constant('rename' as const), session, name }),
  fc.record({ kind: fc.constant('key' as const), session, key: apiKey }),
  fc.record({ kind: fc.constant('admin-key' as const), session, key: apiKey }),
  // A worker named with a key some session was given earlier (a page echoing what it holds).
  fc.record({ kind: fc.constant('echo-key' as const), session, nth: fc.nat(5) }),
  fc.record({
    kind: fc.constant('admin-add' as const),
    session,
    name,
    status: fc.constantFrom('stopped' as const, 'running' as const),
  }),
)

const inSession = (id: SessionId): Record<string, string> => (id ? { 'x-mock-session': id } : {})

/** Sends the steps; answers every key given, so the files can be searched for them. */
const run = async (app: MockApp, steps: readonly Step[]) => {
  const keys: string[] = []
  const created = new Map<SessionId, string[]>()
  const { orgId, llmProviderId } = app.ids
  const send = (method: string, path: string, id: SessionId, body: unknown, extra = {}) =>
    app.request(path, {
      method,
      headers: { 'content-type': 'application/json', ...inSession(id), ...extra },
      body: JSON.stringify(body),
    })
  for (const s of steps) {
    if (s.kind === 'create') {
      const carried =
        s.carry === 'cookie'
          ? { cookie: `org=${orgId}; provider=${llmProviderId}` }
          : s.carry === 'header'
            ? { 'x-org-token': orgId }
            : {}
      const res = await send(
        'POST',
        '/v1/workers',
        s.session,
        { name: s.name, destination: 'local' },
        carried,
      )
      if (res.status === 201) {
        const { worker } = (await res.json()) as { worker: { id: string } }
        created.set(s.session, [...(created.get(s.session) ?? []), worker.id])
      }
    } else if (s.kind === 'rename') {
      const id = created.get(s.session)?.at(-1)
      if (id) await send('PATCH', `/v1/workers/${id}`, s.session, { name: s.name })
    } else if (s.kind === 'key') {
      keys.push(s.key)
      await send('PATCH', `/v1/orgs/${orgId}/llm-providers/${llmProviderId}`, s.session, {
        source: 'custom',
        apiKey: s.key,
      })
    } else if (s.kind === 'echo-key') {
      const key = keys[s.nth % Math.max(1, keys.length)]
      if (key !== undefined && key.trim() !== '')
        await send('POST', '/v1/workers', s.session, { name: key, destination: 'local' })
    } else if (s.kind === 'admin-key') {
      keys.push(s.key)
      await send('PATCH', '/__mock/state/llm-provider', s.session, { apiKey: s.key })
    } else {
      await send('POST', '/__mock/state/workers', s.session, {
        name: s.name,
        destination: 'cloud',
        status: s.status,
      })
    }
  }
  return keys
}

/** What must come back: ids, names, statuses, destinations, the provider's fields. */
const shapeOf = (state: unknown) => {
  const { orgId, workers, llmProviders } = state as {
    orgId: string
    workers: { worker: { id: string; name: string; status: string; destination: string } }[]
    llmProviders: Record<string, unknown>[]
  }
  return {
    orgId,
    workers: workers.map(({ worker }) => [
      worker.id,
      worker.name,
      worker.status,
      worker.destination,
    ]),
    llmProviders,
  }
}

describe('every export loads again', () => {
  it("gives the same state from each session's export, with no key in any file", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const app = createMockApp({ clock: () => T0 })
        const keys = await run(app, steps)
        for (const id of SESSIONS) {
          const res = await app.request('/__mock/scenario/export', { headers: inSession(id) })
          expect(res.status).toBe(200)
          const text = await res.text()
          for (const key of keys) {
            expect(text).not.toContain(key)
            if (key.trim().length >= 4) expect(text).not.toContain(key.trim())
          }
          const loaded = createMockApp({ clock: () => T0, scenario: JSON.parse(text) })
          const before = await (
            await app.request('/__mock/state', { headers: inSession(id) })
          ).json()
          const after = await (await loaded.request('/__mock/state')).json()
          expect(shapeOf(after), `session "${id}"`).toEqual(shapeOf(before))
        }
      }),
      { seed: 32, numRuns: 100 },
    )
  })
})
