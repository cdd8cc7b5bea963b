import { z } from '@hono/zod-openapi'
import { describe, expect, it } from 'vitest'
import { createMockApp, type MockApp } from '../../src/mock/app.js'
import { MAX_STATE_STRING } from '../../src/mock/state-of.js'
import { DEFAULT_MAX_SESSION_BYTES } from '../../src/mock/store.js'
import { MockCreateWorkerResponse } from '../../src/schemas/worker.js'
import { MAX_PAGE_BYTES, MAX_PAGE_LIMIT } from '../../src/server/bounded-page.js'
import { inSession, State } from '../helpers/mock-state.js'
import { pointersOf, send } from '../helpers/send.js'

/** A name as long as a create's 1 MiB body allows, give or take. */
const BIG_NAME = 'n'.repeat(1_000_000)

const StatePage = State.extend({
  next: z.string().nullable(),
  stored: z.object({
    workers: z.int(),
    bytes: z.int(),
    maxWorkers: z.int(),
    maxBytes: z.int(),
  }),
})

const createNamed = async (app: MockApp, name: string, headers: Record<string, string>) => {
  const res = await send(app, 'POST', '/v1/workers', { name, destination: 'local' }, headers)
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`)
  return MockCreateWorkerResponse.parse(res.body).worker.id
}

const stateAt = async (app: MockApp, query: string, headers: Record<string, string> = {}) => {
  const res = await send(app, 'GET', `/__mock/state${query}`, undefined, headers)
  expect(res.status, res.text).toBe(200)
  return { page: StatePage.parse(res.body), bytes: Buffer.byteLength(res.text) }
}

/** Session a, filled with `count` workers named BIG_NAME; their ids, oldest first. */
const withBigWorkers = async (count: number) => {
  const app = createMockApp({ scenario: 'empty' })
  const ids: string[] = []
  for (let i = 0; i < count; i++) ids.push(await createNamed(app, BIG_NAME, inSession('a')))
  return { app, ids }
}

describe('state bounds', () => {
  it('drops the oldest workers of a session past the default byte budget', async () => {
    const { app, ids } = await withBigWorkers(12)
    const { page } = await stateAt(app, '', inSession('a'))
    const kept = Math.floor(DEFAULT_MAX_SESSION_BYTES / (BIG_NAME.length + 1_000))
    expect.soft(page.stored.workers).toBe(kept)
    expect.soft(page.stored.bytes).toBeLessThanOrEqual(DEFAULT_MAX_SESSION_BYTES)
    expect.soft(page.stored.maxBytes).toBe(DEFAULT_MAX_SESSION_BYTES)
    const renameOldest = await send(
      app,
      'PATCH',
      `/v1/workers/${ids[0]}`,
      { name: 'r' },
      inSession('a'),
    )
    expect.soft(renameOldest.status).toBe(404)
    const renameNewest = await send(
      app,
      'PATCH',
      `/v1/workers/${ids.at(-1)}`,
      { name: 'r' },
      inSession('a'),
    )
    expect.soft(renameNewest.status).toBe(200)
  })

  it('answers GET /__mock/state on a session full of 1 MB workers with 200 under MAX_PAGE_BYTES', async () => {
    const { app, ids } = await withBigWorkers(10)
    const { page, bytes } = await stateAt(app, '', inSession('a'))
    expect.soft(bytes).toBeLessThanOrEqual(MAX_PAGE_BYTES)
    expect.soft(page.workers.map((w) => w.worker.id)).toEqual(ids.slice(-page.stored.workers))
    const name = page.workers[0]?.worker.name ?? ''
    expect.soft(name.length).toBeLessThan(MAX_STATE_STRING + 40)
    expect.soft(name).toBe(`${'n'.repeat(MAX_STATE_STRING)}… (${BIG_NAME.length} characters)`)
  })

  it('pages the workers with limit and after, next naming the last worker shown', async () => {
    const app = createMockApp({ scenario: 'empty' })
    const ids: string[] = []
    for (let i = 0; i < 5; i++) ids.push(await createNamed(app, `w${i}`, {}))
    const first = (await stateAt(app, '?limit=2')).page
    expect.soft(first.workers.map((w) => w.worker.id)).toEqual(ids.slice(0, 2))
    expect.soft(first.next).toBe(ids[1])
    const second = (await stateAt(app, `?limit=2&after=${first.next}`)).page
    expect.soft(second.workers.map((w) => w.worker.id)).toEqual(ids.slice(2, 4))
    const last = (await stateAt(app, `?after=${second.next}`)).page
    expect.soft(last.workers.map((w) => w.worker.id)).toEqual(ids.slice(4))
    expect.soft(last.next).toBeNull()
    expect.soft(last.stored.workers).toBe(5)
  })

  it('stops a page of big workers at MAX_PAGE_BYTES and goes on from next', async () => {
    const app = createMockApp({ scenario: 'empty' })
    const ids: string[] = []
    // long enough that every string field of the view is cut, so each worker shows ~5 KB
    const body = (i: number) => ({
      name: `w${i}`.padEnd(4_000, 'n'),
      destination: 'local',
      description: 'd'.repeat(4_000),
      workspacePath: 'p'.repeat(4_000),
      sandboxBackend: 's'.repeat(4_000),
      imageVersion: 'v'.repeat(4_000),
    })
    for (let i = 0; i < 300; i++) {
      const res = await send(app, 'POST', '/v1/workers', body(i))
      ids.push(MockCreateWorkerResponse.parse(res.body).worker.id)
    }
    const seen: string[] = []
    let after: string | null = null
    let pages = 0
    while (pages++ < 10) {
      const { page, bytes }: { page: z.infer<typeof StatePage>; bytes: number } = await stateAt(
        app,
        after === null ? '' : `?after=${after}`,
      )
      expect.soft(bytes).toBeLessThanOrEqual(MAX_PAGE_BYTES)
      seen.push(...page.workers.map((w) => w.worker.id))
      after = page.next
      if (after === null) break
    }
    expect.soft(seen).toEqual(ids)
    expect.soft(pages).toBeGreaterThan(1)
  })

  it('starts from the oldest kept worker when the worker named by after was dropped', async () => {
    const app = createMockApp({ scenario: 'empty', limits: { maxWorkers: 2 } })
    const ids: string[] = []
    for (let i = 0; i < 4; i++) ids.push(await createNamed(app, `w${i}`, {}))
    const { page } = await stateAt(app, `?after=${ids[0]}`)
    expect(page.workers.map((w) => w.worker.id)).toEqual(ids.slice(2))
  })

  it.each([
    ['a limit of 0', '?limit=0', '/query/limit'],
    ['a limit over the maximum', `?limit=${MAX_PAGE_LIMIT + 1}`, '/query/limit'],
    ['a limit that is not a number', '?limit=ten', '/query/limit'],
    ['a fractional limit', '?limit=1.5', '/query/limit'],
    ['an after that is not a worker id', '?after=12', '/query/after'],
    ['an unknown key', '?page=2', '/query/page'],
  ])('rejects a state query with %s with a 400 problem at %s', async (_, query, pointer) => {
    const res = await send(createMockApp(), 'GET', `/__mock/state${query}`)
    expect.soft(res.status).toBe(400)
    expect.soft(res.contentType).toBe('application/problem+json')
    expect.soft(pointersOf(res.body)).toEqual([pointer])
  })
})
