// The journal keeps the developer's traffic: each session on a shelf of its own, so that a contract
// run or a test session in its own session never pushes the default session's entries out, and a
// busy session crowds out itself before a quiet one. The dashboard's count is the journal's own.
import { describe, expect, it } from 'vitest'
import { runContract } from '../../src/contract/index.js'
import { type MockServer, startMockServer } from '../../src/mock/server.js'
import { createJournal } from '../../src/server/journal.js'
import { cleanUpAfterEach } from '../helpers/clean-up.js'
import { journalRecord } from '../helpers/journal-record.js'

const { servers } = cleanUpAfterEach<MockServer>()

/** A create's record in `session`. */
const entryIn = (session: string, name = 'w') =>
  journalRecord(JSON.stringify({ name, destination: 'local' }), session)

const sessionsOf = (journal: ReturnType<typeof createJournal>) => {
  const counts = new Map<string, number>()
  for (const entry of journal.list())
    counts.set(entry.session, (counts.get(entry.session) ?? 0) + 1)
  return counts
}

describe('the journal, per session', () => {
  it("keeps every one of the default session's entries whatever another session sends", () => {
    const journal = createJournal(1_000)
    for (let i = 0; i < 300; i++) journal.record(entryIn('', `mine ${i}`))
    for (let i = 0; i < 5_000; i++) journal.record(entryIn('contract'))
    const mine = journal.list({ session: '' })
    expect.soft(mine).toHaveLength(300)
    expect.soft(mine[0]?.request.body).toMatchObject({ name: 'mine 0' })
    expect.soft(journal.list({ session: 'contract' })).toHaveLength(1_000)
    expect.soft(journal.held()).toBe(1_300)
    expect.soft(journal.held({ session: '' })).toBe(300)
  })

  it('bounds the default session by its own budget: its newest entries stay', () => {
    const journal = createJournal(1_000)
    for (let i = 0; i < 1_500; i++) journal.record(entryIn('', `mine ${i}`))
    const mine = journal.list()
    expect.soft(mine).toHaveLength(1_000)
    expect.soft(mine[0]?.request.body).toMatchObject({ name: 'mine 500' })
    expect.soft(mine.map((e) => e.seq)).toEqual(Array.from({ length: 1_000 }, (_, i) => 501 + i))
  })

  it('takes from the busiest other session first: a quiet test session keeps its entries', () => {
    const journal = createJournal(1_000)
    for (let i = 0; i < 10; i++) journal.record(entryIn('quiet', `quiet ${i}`))
    for (let i = 0; i < 3_000; i++) journal.record(entryIn('busy'))
    const counts = sessionsOf(journal)
    expect.soft(counts.get('quiet')).toBe(10)
    expect.soft(counts.get('busy')).toBe(990)
  })

  it("shares the other sessions' budget out: fifty test sessions of 30 entries keep 1 000 together, none emptied", () => {
    const journal = createJournal(1_000)
    for (let i = 0; i < 100; i++) journal.record(entryIn('', `mine ${i}`))
    for (let s = 0; s < 50; s++)
      for (let i = 0; i < 30; i++) journal.record(entryIn(`test-${s}`, `t${s}.${i}`))
    const counts = sessionsOf(journal)
    expect.soft(counts.get('')).toBe(100)
    const others = [...counts].filter(([session]) => session !== '')
    expect.soft(others.reduce((sum, [, n]) => sum + n, 0)).toBe(1_000)
    expect.soft(others).toHaveLength(50)
    for (const [, n] of others) expect.soft(n).toBeGreaterThanOrEqual(19)
    // Oldest first across sessions, in the order recorded.
    const seqs = journal.list().map((e) => e.seq)
    expect.soft(seqs).toEqual([...seqs].sort((a, b) => a - b))
  })

  it('bounds bytes per session too, and keeps the newest entry of a session past them', () => {
    const journal = createJournal(1_000, 200_000)
    const big = 'd'.repeat(40_000)
    for (let i = 0; i < 3; i++) journal.record(entryIn('', `mine ${i}`))
    for (let i = 0; i < 20; i++) journal.record(entryIn('big', big))
    expect.soft(journal.list({ session: '' })).toHaveLength(3)
    expect.soft(journal.list({ session: 'big' }).length).toBeLessThan(6)
    expect.soft(journal.list({ session: 'big' }).length).toBeGreaterThan(0)
  })

  it('clears one session and keeps the rest in order', () => {
    const journal = createJournal(1_000)
    for (let i = 0; i < 5; i++) {
      journal.record(entryIn('', `mine ${i}`))
      journal.record(entryIn('other'))
    }
    expect.soft(journal.clear({ session: 'other' })).toBe(5)
    expect.soft(journal.list().map((e) => e.seq)).toEqual([1, 3, 5, 7, 9])
    journal.record(entryIn('other'))
    expect.soft(journal.held()).toBe(6)
  })
})

describe('the journal of a running mock', () => {
  it("keeps the developer's own requests through the contract run the banner prints (session contract)", async () => {
    const mock = await startMockServer({ port: 0, host: '127.0.0.1' })
    servers.push(mock)
    for (let i = 0; i < 50; i++) {
      const res = await fetch(`${mock.url}/v1/workers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: `mine ${i}`, destination: 'local' }),
      })
      expect(res.status).toBe(201)
    }
    const report = await runContract({
      baseUrl: mock.url,
      orgId: mock.app.ids.orgId,
      llmProviderId: mock.app.ids.llmProviderId,
      headers: { 'x-mock-session': 'contract' },
      runs: 3,
      seed: 1,
    })
    expect(report.results.filter((r) => r.outcome === 'failed')).toEqual([])
    expect(report.requestCount).toBeGreaterThan(100)
    const page = (await (await fetch(`${mock.url}/__mock/requests?session=`)).json()) as {
      held: number
      entries: { request: { body: { name?: string } } }[]
    }
    expect.soft(page.held).toBe(50)
    expect
      .soft(page.entries.map((e) => e.request.body.name))
      .toEqual(Array.from({ length: 50 }, (_, i) => `mine ${i}`))
    const all = (await (await fetch(`${mock.url}/__mock/requests?limit=1`)).json()) as {
      held: number
    }
    expect.soft(all.held).toBeGreaterThan(50)
  })
})
