// `GET /__mock/requests?wait=MS`: a read with nothing to answer waits for the next entry its
// filters keep (the dashboard's long poll), ends at MS with an empty page, and is bounded.
import { describe, expect, it } from 'vitest'
import { createMockApp, type MockApp } from '../../src/mock/app.js'
import { MAX_JOURNAL_WAIT_MS } from '../../src/server/journal-pages.js'
import { pointersOf, send } from '../helpers/send.js'

type Page = { count: number; entries: { seq: number; session: string }[] }

const create = (app: MockApp, session: string) =>
  send(
    app,
    'POST',
    '/v1/workers',
    { name: session, destination: 'local' },
    {
      'x-mock-session': session,
    },
  )

/** Whether `promise` is still pending once the tasks queued before this call have run. */
const isPending = async (promise: Promise<unknown>) => {
  const pending = Symbol('pending')
  const settled = await Promise.race([promise, new Promise((r) => setTimeout(r, 0, pending))])
  return settled === pending
}

describe('GET /__mock/requests?wait=', () => {
  it('answers the entry recorded while it waits, and not before', async () => {
    const app = createMockApp()
    const read = send(app, 'GET', `/__mock/requests?after=0&wait=${MAX_JOURNAL_WAIT_MS}`)
    expect(await isPending(read)).toBe(true)
    expect((await create(app, 'first')).status).toBe(201)
    const res = await read
    expect(res.status).toBe(200)
    expect((res.body as Page).entries.map((e) => e.session)).toEqual(['first'])
  })

  it('waits on past an entry its filters leave out, for the next one they keep', async () => {
    const app = createMockApp()
    const read = send(app, 'GET', `/__mock/requests?session=kept&wait=${MAX_JOURNAL_WAIT_MS}`)
    await create(app, 'left-out')
    expect(await isPending(read)).toBe(true)
    await create(app, 'kept')
    expect(((await read).body as Page).entries.map((e) => e.session)).toEqual(['kept'])
  })

  it('answers at once what is there already, and an empty page when its wait ends', async () => {
    const app = createMockApp()
    await create(app, 'there')
    const there = await send(app, 'GET', `/__mock/requests?wait=${MAX_JOURNAL_WAIT_MS}`)
    expect((there.body as Page).count).toBe(1)
    const none = await send(app, 'GET', '/__mock/requests?after=1&wait=20')
    expect(none.status).toBe(200)
    expect(none.body).toMatchObject({ count: 0, entries: [], next: null })
  })

  it.each([
    ['a wait over the maximum', `?wait=${MAX_JOURNAL_WAIT_MS + 1}`, '/__mock/requests'],
    ['a wait that is not a number', '?wait=soon', '/__mock/requests'],
    ['a wait on the HAR download', '?wait=10', '/__mock/requests.har'],
  ])('refuses %s with a pointer to /query/wait', async (_label, query, path) => {
    const res = await send(createMockApp(), 'GET', `${path}${query}`)
    expect(res.status).toBe(400)
    expect(pointersOf(res.body)).toEqual(['/query/wait'])
  })
})
