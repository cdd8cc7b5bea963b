import { describe, expect, it } from 'vitest'
import { createMockApp, type MockApp } from '../../src/mock/app.js'
import { Problem } from '../../src/schemas/problem.js'
import { MockCreateWorkerResponse } from '../../src/schemas/worker.js'
import { inSession, SHIPPED_SCENARIOS, stateIn } from '../helpers/mock-state.js'
import { providerPath } from '../helpers/requests.js'
import { fixedClock, pointersOf, send } from '../helpers/send.js'

const createIn = async (app: MockApp, headers: Record<string, string>) => {
  const res = await send(app, 'POST', '/v1/workers', { name: 'w', destination: 'local' }, headers)
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`)
  return MockCreateWorkerResponse.parse(res.body).worker.id
}

const renameIn = (app: MockApp, id: string, headers: Record<string, string>) =>
  send(app, 'PATCH', `/v1/workers/${id}`, { name: 'renamed' }, headers)

const workerIdsIn = async (app: MockApp, headers: Record<string, string>) =>
  (await stateIn(app, headers)).workers.map(({ worker }) => worker.id)

describe('sessions', () => {
  it.each([
    ['session a', 'another named session', inSession('a'), inSession('b')],
    ['session a', 'the default session', inSession('a'), inSession()],
    ['the default session', 'a named session', inSession(), inSession('b')],
  ])('keeps a worker created in %s out of %s', async (_, __, owner, other) => {
    const app = createMockApp()
    const id = await createIn(app, owner)
    const res = await renameIn(app, id, other)
    expect.soft(res.status).toBe(404)
    expect.soft(pointersOf(res.body)).toEqual(['/params/id'])
    expect.soft(await workerIdsIn(app, other)).not.toContain(id)
    expect.soft((await renameIn(app, id, owner)).status).toBe(200)
    expect.soft(await workerIdsIn(app, owner)).toContain(id)
  })

  it('starts every session from the same scenario state, with the seeded ids', async () => {
    const app = createMockApp({ clock: fixedClock })
    const states = await Promise.all(
      [inSession(), inSession('a'), inSession('b')].map((headers) => stateIn(app, headers)),
    )
    const [first, ...others] = states.map(({ session: _, ...rest }) => rest)
    expect.soft(first?.orgId).toBe(app.ids.orgId)
    expect.soft(first?.llmProviderId).toBe(app.ids.llmProviderId)
    expect.soft(first?.workers).toHaveLength(3)
    for (const other of others) expect.soft(other).toEqual(first)
  })

  it('lets every session update its own copy of the seeded provider', async () => {
    const app = createMockApp()
    const body = { source: 'custom', customConfigText: 'mine' }
    const res = await send(app, 'PATCH', providerPath(app), body, inSession('a'))
    expect.soft(res.status).toBe(200)
    const [own, other] = await Promise.all([
      stateIn(app, inSession('a')),
      stateIn(app, inSession()),
    ])
    expect.soft(own.llmProviders[0]?.customConfigText).toBe('mine')
    expect.soft(other.llmProviders[0]?.customConfigText).not.toBe('mine')
  })

  it.each([
    ['empty', 0, 'custom'],
    ['default', 3, 'models_dev'],
    ['cloud-provisioning', 2, 'models_dev'],
  ])(
    'starts a session in the %s scenario named by x-mock-scenario',
    async (name, workers, source) => {
      const app = createMockApp()
      const state = await stateIn(app, inSession('s', name))
      expect.soft(state.scenario).toBe(name)
      expect.soft(state.workers).toHaveLength(workers)
      expect.soft(state.llmProviders[0]?.source).toBe(source)
      expect.soft((await stateIn(app, inSession('other'))).scenario).toBe('default')
    },
  )

  it('keeps a session in its scenario for later requests without the header', async () => {
    const app = createMockApp()
    const id = await createIn(app, inSession('s', 'empty'))
    const state = await stateIn(app, inSession('s'))
    expect.soft(state.scenario).toBe('empty')
    expect.soft(state.workers.map(({ worker }) => worker.id)).toEqual([id])
  })

  it('keeps a session state when the same scenario is named again', async () => {
    const app = createMockApp()
    const id = await createIn(app, inSession('s', 'empty'))
    expect((await renameIn(app, id, inSession('s', 'empty'))).status).toBe(200)
  })

  it('restarts a session from the new scenario when x-mock-scenario changes', async () => {
    const app = createMockApp()
    const id = await createIn(app, inSession('s'))
    const state = await stateIn(app, inSession('s', 'empty'))
    expect.soft(state.scenario).toBe('empty')
    expect.soft(state.workers).toEqual([])
    expect.soft((await renameIn(app, id, inSession('s'))).status).toBe(404)
    expect.soft((await stateIn(app, inSession('s', 'default'))).workers).toHaveLength(3)
  })

  it('does not restart other sessions when one changes scenario', async () => {
    const app = createMockApp()
    const id = await createIn(app, inSession('a'))
    await stateIn(app, inSession('b', 'empty'))
    expect((await renameIn(app, id, inSession('a'))).status).toBe(200)
  })

  it.each([
    ['an empty value', ''],
    ['200 characters', 'x'.repeat(200)],
    ['129 characters', 'x'.repeat(129)],
    ['a space', 'a b'],
    ['a slash', 'a/b'],
    ['a non-ASCII letter', 'sessiön'],
    ['a lone non-ASCII character', 'ü'],
  ])('rejects an x-mock-session of %s with a 400 problem naming the header', async (_, value) => {
    const app = createMockApp()
    for (const [method, path, body] of [
      ['POST', '/v1/workers', { name: 'w', destination: 'local' }],
      ['GET', '/__mock/state', undefined],
    ] as const) {
      const res = await send(app, method, path, body, inSession(value))
      expect.soft(res.status, `${method} ${path}`).toBe(400)
      expect.soft(res.contentType, `${method} ${path}`).toBe('application/problem+json')
      expect.soft(Problem.safeParse(res.body).success, `${method} ${path}`).toBe(true)
      expect.soft(pointersOf(res.body), `${method} ${path}`).toEqual(['/headers/x-mock-session'])
    }
    expect.soft(await workerIdsIn(app, inSession())).toHaveLength(3)
  })

  it.each([
    ['128 characters', 'x'.repeat(128)],
    ['one character', '1'],
    ['every allowed punctuation mark', 'A.b_c:d-9'],
  ])('accepts an x-mock-session of %s', async (_, value) => {
    const app = createMockApp()
    const id = await createIn(app, inSession(value))
    expect.soft(await workerIdsIn(app, inSession(value))).toContain(id)
    expect.soft(await workerIdsIn(app, inSession())).not.toContain(id)
  })

  it.each([
    ['an unknown name', 'nope'],
    ['an empty value', ''],
    ['an uppercase name', 'Empty'],
    ['a file path', '../scenarios/empty.json'],
  ])(
    'rejects an x-mock-scenario of %s with a 400 problem listing the known names',
    async (_, value) => {
      const res = await send(createMockApp(), 'GET', '/__mock/state', undefined, {
        'x-mock-scenario': value,
      })
      expect.soft(res.status).toBe(400)
      expect.soft(res.contentType).toBe('application/problem+json')
      const problem = Problem.parse(res.body)
      expect.soft(pointersOf(problem)).toEqual(['/headers/x-mock-scenario'])
      const message = problem.errors?.[0]?.message ?? ''
      for (const name of SHIPPED_SCENARIOS) expect.soft(message).toContain(name)
    },
  )

  it('drops the least recently used session past limits.maxSessions', async () => {
    const app = createMockApp({ limits: { maxSessions: 2 } })
    const inA = await createIn(app, inSession('a'))
    const inB = await createIn(app, inSession('b'))
    await createIn(app, inSession('c'))
    // b before a: a request to a dropped session starts it afresh, which drops another one
    expect.soft((await renameIn(app, inB, inSession('b'))).status).toBe(200)
    expect.soft((await renameIn(app, inA, inSession('a'))).status).toBe(404)
    expect.soft(app.control.sessions.size()).toBe(2)
  })

  it('keeps a session that was used recently past limits.maxSessions', async () => {
    const app = createMockApp({ limits: { maxSessions: 2 } })
    const inA = await createIn(app, inSession('a'))
    const inB = await createIn(app, inSession('b'))
    expect((await renameIn(app, inA, inSession('a'))).status).toBe(200)
    await createIn(app, inSession('c'))
    expect.soft((await renameIn(app, inA, inSession('a'))).status).toBe(200)
    expect.soft((await renameIn(app, inB, inSession('b'))).status).toBe(404)
  })

  it('drops the oldest worker of a session past limits.maxWorkers', async () => {
    const app = createMockApp({ scenario: 'empty', limits: { maxWorkers: 2 } })
    const other = [await createIn(app, inSession('b')), await createIn(app, inSession('b'))]
    const oldest = await createIn(app, inSession('a'))
    const middle = await createIn(app, inSession('a'))
    const newest = await createIn(app, inSession('a'))
    expect.soft(await workerIdsIn(app, inSession('a'))).toEqual([middle, newest])
    expect.soft((await renameIn(app, oldest, inSession('a'))).status).toBe(404)
    expect.soft((await renameIn(app, middle, inSession('a'))).status).toBe(200)
    expect.soft(await workerIdsIn(app, inSession('b'))).toEqual(other)
  })

  it('keeps a renamed worker in its place among the oldest past limits.maxWorkers', async () => {
    const app = createMockApp({ scenario: 'empty', limits: { maxWorkers: 2 } })
    const first = await createIn(app, inSession('a'))
    const second = await createIn(app, inSession('a'))
    await renameIn(app, first, inSession('a'))
    const third = await createIn(app, inSession('a'))
    expect(await workerIdsIn(app, inSession('a'))).toEqual([second, third])
  })
})

describe('session ids', () => {
  it('hands out different worker ids and tokens in two sessions at the same instant', async () => {
    const app = createMockApp({ clock: () => Date.UTC(2026, 0, 1) })
    const create = async (session: string) =>
      (
        await send(
          app,
          'POST',
          '/v1/workers',
          { name: 'w', destination: 'local' },
          { 'x-mock-session': session },
        )
      ).body as { worker: { id: string }; tokens: { owner: string } }
    const [a, b] = [await create('a'), await create('b')]
    expect.soft(a.worker.id).not.toBe(b.worker.id)
    expect.soft(a.tokens.owner).not.toBe(b.tokens.owner)
  })
})
