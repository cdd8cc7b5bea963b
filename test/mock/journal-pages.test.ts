import { z } from '@hono/zod-openapi'
import { describe, expect, it } from 'vitest'
import { createMockApp, type MockApp } from '../../src/mock/app.js'
import { MAX_PAGE_BYTES, MAX_PAGE_LIMIT } from '../../src/server/bounded-page.js'
import {
  createJournal,
  DEFAULT_MAX_JOURNAL_BYTES,
  MAX_JOURNALLED_TEXT,
} from '../../src/server/journal.js'
import { journalRecord } from '../helpers/journal-record.js'
import { pointersOf, send } from '../helpers/send.js'

const Page = z
  .object({
    count: z.int(),
    entries: z.array(
      z.object({
        seq: z.int(),
        session: z.string(),
        path: z.string(),
        query: z.string(),
        request: z.object({ body: z.unknown() }),
      }),
    ),
    next: z.int().nullable(),
    held: z.int(),
  })
  .strict()

const pageOf = async (app: MockApp, query = '', headers: Record<string, string> = {}) => {
  const res = await send(app, 'GET', `/__mock/requests${query}`, undefined, headers)
  expect(res.status, res.text).toBe(200)
  return { page: Page.parse(res.body), bytes: Buffer.byteLength(res.text) }
}

const create = async (app: MockApp, body: object, headers: Record<string, string> = {}) => {
  const res = await send(app, 'POST', '/v1/workers', body, headers)
  expect(res.status, res.text).toBe(201)
}

const entryWith = (bodyText: string) => journalRecord(bodyText)

describe('journal pages', () => {
  it('pages the journal with limit and after, next naming the last seq shown', async () => {
    const app = createMockApp()
    for (let i = 0; i < 5; i++) await create(app, { name: `w${i}`, destination: 'local' })
    const first = (await pageOf(app, '?limit=2')).page
    expect.soft(first.entries.map((e) => e.seq)).toEqual([1, 2])
    expect.soft(first.count).toBe(2)
    expect.soft(first.next).toBe(2)
    const second = (await pageOf(app, `?limit=2&after=${first.next}`)).page
    expect.soft(second.entries.map((e) => e.seq)).toEqual([3, 4])
    const last = (await pageOf(app, `?after=${second.next}`)).page
    expect.soft(last.entries.map((e) => e.seq)).toEqual([5])
    expect.soft(last.next).toBeNull()
    expect
      .soft((await pageOf(app, '?after=5')).page)
      .toEqual({ count: 0, entries: [], next: null, held: 5 })
  })

  it('pages within the session and operation filters', async () => {
    const app = createMockApp()
    for (let i = 0; i < 3; i++) {
      await create(app, { name: 'a', destination: 'local' }, { 'x-mock-session': 'a' })
      await create(app, { name: 'b', destination: 'local' }, { 'x-mock-session': 'b' })
    }
    const first = (await pageOf(app, '?session=a&operation=createWorker&limit=2')).page
    expect.soft(first.entries.map((e) => [e.seq, e.session])).toEqual([
      [1, 'a'],
      [3, 'a'],
    ])
    const rest = (await pageOf(app, `?limit=2&after=${first.next}`, { 'x-mock-session': 'a' })).page
    expect.soft(rest.entries.map((e) => [e.seq, e.session])).toEqual([[5, 'a']])
    expect.soft(rest.next).toBeNull()
  })

  it('stops an answer of big bodies at MAX_PAGE_BYTES and goes on from next', async () => {
    const app = createMockApp()
    const count = 40
    const description = 'd'.repeat(60_000) // under 64 KiB: journalled whole
    for (let i = 0; i < count; i++)
      await create(app, { name: `w${i}`, destination: 'local', description })
    const seqs: number[] = []
    let after: number | null = null
    let pages = 0
    while (pages++ < count) {
      const { page, bytes }: { page: z.infer<typeof Page>; bytes: number } = await pageOf(
        app,
        after === null ? '' : `?after=${after}`,
      )
      expect.soft(bytes).toBeLessThanOrEqual(MAX_PAGE_BYTES)
      expect
        .soft(page.entries[0]?.request.body)
        .toEqual({ name: `w${seqs.length}`, destination: 'local', description })
      seqs.push(...page.entries.map((e) => e.seq))
      after = page.next
      if (after === null) break
    }
    expect.soft(seqs).toEqual(Array.from({ length: count }, (_, i) => i + 1))
    expect.soft(pages).toBeGreaterThan(1)
  })

  it('keeps an excerpt of a long path and query', async () => {
    const app = createMockApp()
    const long = 'q'.repeat(100_000)
    await app.request(`/v1/workers?q=${long}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'w', destination: 'local' }),
    })
    await app.request(`/v1/${long}`)
    const { entries } = (await pageOf(app)).page
    expect
      .soft(entries[0]?.query)
      .toBe(`?q=${long.slice(0, MAX_JOURNALLED_TEXT - 3)}… (100003 characters)`)
    expect
      .soft(entries[1]?.path)
      .toBe(`/v1/${long.slice(0, MAX_JOURNALLED_TEXT - 4)}… (100004 characters)`)
  })

  it('keeps the entries within its byte budget, dropping the oldest first', () => {
    const maxBytes = 1024 * 1024
    const journal = createJournal(1_000, maxBytes)
    const body = JSON.stringify({
      name: 'w',
      destination: 'local',
      description: 'd'.repeat(60_000),
    })
    for (let i = 0; i < 40; i++) journal.record(entryWith(body))
    const kept = journal.list().map((e) => e.seq)
    expect.soft(journal.bytes()).toBeLessThanOrEqual(maxBytes)
    const entryBytes = journal.bytes() / kept.length
    expect.soft((kept.length + 1) * entryBytes).toBeGreaterThan(maxBytes) // one more would not fit
    expect
      .soft(kept)
      .toEqual(Array.from({ length: kept.length }, (_, i) => 40 - kept.length + i + 1))
    expect.soft(kept.length).toBeLessThan(40)
  })

  it('has a default byte budget that holds a whole default journal of ordinary requests', () => {
    const journal = createJournal()
    for (let i = 0; i < 1_000; i++) journal.record(entryWith('{"name":"w","destination":"local"}'))
    expect.soft(journal.list()).toHaveLength(1_000)
    expect.soft(journal.bytes()).toBeLessThan(DEFAULT_MAX_JOURNAL_BYTES)
  })

  it.each([
    ['a limit of 0', '?limit=0', '/query/limit'],
    ['a limit over the maximum', `?limit=${MAX_PAGE_LIMIT + 1}`, '/query/limit'],
    ['a limit that is not a number', '?limit=ten', '/query/limit'],
    ['a negative limit', '?limit=-1', '/query/limit'],
    ['an empty limit', '?limit=', '/query/limit'],
    ['an after that is not a number', '?after=wrk_1', '/query/after'],
    ['a negative after', '?after=-1', '/query/after'],
    ['a fractional after', '?after=1.5', '/query/after'],
  ])('rejects a journal query with %s with a 400 problem at %s', async (_, query, pointer) => {
    const res = await send(createMockApp(), 'GET', `/__mock/requests${query}`)
    expect.soft(res.status).toBe(400)
    expect.soft(res.contentType).toBe('application/problem+json')
    expect.soft(pointersOf(res.body)).toEqual([pointer])
  })
})
