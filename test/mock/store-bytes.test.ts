import { describe, expect, it } from 'vitest'
import { buildWorkerRecord } from '../../src/mock/factories.js'
import { createFaker } from '../../src/mock/internal/create-faker.js'
import { createRandom } from '../../src/mock/internal/random.js'
import { BASELINE_SCENARIO } from '../../src/mock/scenario.js'
import { createSessions } from '../../src/mock/sessions.js'
import {
  createStore,
  DEFAULT_MAX_SESSION_BYTES,
  DEFAULT_STORE_LIMITS,
  type WorkerRecord,
} from '../../src/mock/store.js'
import { MAX_BODY_BYTES } from '../../src/server/defaults.js'

const MB = 1_000_000

/** Builds workers from one seeded source (distinct ids), with a name of `nameLength` characters. */
const workerBuilder = (seed = 1) => {
  const context = {
    faker: createFaker(seed),
    random: createRandom(seed),
    now: Date.UTC(2026, 0, 1),
  }
  return (nameLength: number, char = 'n'): WorkerRecord =>
    buildWorkerRecord(
      context,
      { name: char.repeat(nameLength), destination: 'local' },
      { orgId: 'org_x', userId: 'usr_x' },
    )
}

const jsonSize = (record: WorkerRecord) => Buffer.byteLength(JSON.stringify(record))
const idsOf = (store: ReturnType<typeof createStore>) => [...store.workers.keys()]

describe('store bytes', () => {
  it('counts a worker by the UTF-8 bytes of its JSON form', () => {
    const build = workerBuilder()
    for (const record of [build(10), build(1_000, 'é'), build(1_000, '😀')]) {
      const store = createStore()
      store.putWorker(record)
      expect.soft(store.bytes()).toBe(jsonSize(record))
    }
  })

  it('keeps the bytes of its workers within maxBytes, dropping the oldest first', () => {
    const build = workerBuilder()
    const records = Array.from({ length: 5 }, () => build(MB))
    const maxBytes = 3 * 1024 * 1024 // three of these workers fit, not four
    const store = createStore({ maxWorkers: 100, maxBytes })
    for (const record of records) store.putWorker(record)
    const kept = records.slice(2)
    expect.soft(idsOf(store)).toEqual(kept.map((r) => r.worker.id))
    expect.soft(store.bytes()).toBe(kept.reduce((sum, r) => sum + jsonSize(r), 0))
    expect.soft(store.bytes()).toBeLessThanOrEqual(maxBytes)
  })

  it('applies the count bound and the byte bound together, whichever is reached first', () => {
    const build = workerBuilder()
    const maxBytes = 1.5 * 1024 * 1024
    const store = createStore({ maxWorkers: 3, maxBytes })
    const small = Array.from({ length: 4 }, () => build(10))
    for (const record of small) store.putWorker(record)
    expect.soft(idsOf(store)).toEqual(small.slice(1).map((r) => r.worker.id))
    const big = [build(MB), build(MB)]
    for (const record of big) store.putWorker(record)
    // a second 1 MB worker does not fit beside the first: the newest stays alone
    expect.soft(idsOf(store)).toEqual([big[1]?.worker.id])
    expect.soft(store.bytes()).toBeLessThanOrEqual(maxBytes)
  })

  it('frees the bytes of a worker replaced by a rename and keeps its place', () => {
    const build = workerBuilder()
    const store = createStore()
    const [first, second] = [build(MB), build(10)]
    if (!first || !second) throw new Error('no records')
    store.putWorker(first)
    store.putWorker(second)
    const renamed = { ...first, worker: { ...first.worker, name: 'short' } }
    store.putWorker(renamed)
    expect.soft(idsOf(store)).toEqual([first.worker.id, second.worker.id])
    expect.soft(store.bytes()).toBe(jsonSize(renamed) + jsonSize(second))
  })

  it.each([
    ['a shorter name', { name: 'short' }],
    ['a name of two-byte characters', { name: 'é'.repeat(300) }],
    ['a name of surrogate pairs', { name: `😀😀${'n'.repeat(70)}` }],
    ['a name and a time', { name: 'renamed', updatedAt: '2030-01-01T00:00:00.000Z' }],
    ['a description and a workspace', { description: 'd', workspacePath: '/w/é' }],
  ])('counts a worker changed from the one stored (%s) as a fresh put does', (_, fields) => {
    const build = workerBuilder()
    const [first, second] = [build(1_000, 'é'), build(10)]
    if (!first || !second) throw new Error('no records')
    const changed = { ...first, worker: { ...first.worker, ...fields } }
    const told = createStore()
    const fresh = createStore()
    for (const store of [told, fresh]) {
      store.putWorker(first)
      store.putWorker(second)
    }
    told.putWorker(changed, first)
    fresh.putWorker(changed)
    expect.soft(told.bytes()).toBe(fresh.bytes())
    expect.soft(told.bytes()).toBe(jsonSize(changed) + jsonSize(second))
    // Told a record that is not the stored one, the store measures the whole record.
    const stale = { ...changed, worker: { ...changed.worker, name: 'later' } }
    told.putWorker(stale, first)
    expect.soft(told.bytes()).toBe(jsonSize(stale) + jsonSize(second))
  })

  it('drops the oldest first over thousands of evictions, a rename keeping its place', () => {
    const build = workerBuilder()
    const store = createStore({ maxWorkers: 5, maxBytes: DEFAULT_MAX_SESSION_BYTES })
    const all = Array.from({ length: 3_000 }, () => build(10))
    for (const record of all) store.putWorker(record)
    const last = all.slice(-5).map((record) => record.worker.id)
    expect.soft(idsOf(store)).toEqual(last)
    const oldest = all[all.length - 5]
    if (!oldest) throw new Error('no record')
    store.putWorker({ ...oldest, worker: { ...oldest.worker, name: 'renamed' } })
    const newer = build(10)
    store.putWorker(newer)
    expect.soft(idsOf(store)).toEqual([...last.slice(1), newer.worker.id])
    expect
      .soft(store.bytes())
      .toBe([...store.workers.values()].reduce((sum, record) => sum + jsonSize(record), 0))
  })

  it('never drops the worker just written, even past maxBytes on its own', () => {
    const build = workerBuilder()
    const store = createStore({ maxWorkers: 10, maxBytes: 1_000 })
    const older = build(10)
    const large = build(5_000)
    store.putWorker(older)
    store.putWorker(large)
    expect.soft(idsOf(store)).toEqual([large.worker.id])
    // a rename of the oldest that grows past the budget drops the others, not the renamed one
    const next = build(10)
    store.putWorker(next)
    store.putWorker({ ...large, worker: { ...large.worker, name: 'x'.repeat(6_000) } })
    expect.soft(idsOf(store)).toEqual([large.worker.id])
  })

  it('has a default budget that holds the count bound of typical workers and 8 of the largest', () => {
    const typical = jsonSize(workerBuilder()(20))
    expect.soft(DEFAULT_STORE_LIMITS.maxBytes).toBe(DEFAULT_MAX_SESSION_BYTES)
    expect.soft(DEFAULT_STORE_LIMITS.maxWorkers * typical).toBeLessThan(DEFAULT_MAX_SESSION_BYTES)
    expect.soft(8 * MAX_BODY_BYTES).toBeLessThanOrEqual(DEFAULT_MAX_SESSION_BYTES)
  })
})

describe('sessions bytes', () => {
  const sessionsWith = (options: { maxBytes?: number; maxTotalBytes?: number }) =>
    createSessions({
      seed: 1,
      limits: { maxWorkers: 100, maxBytes: options.maxBytes },
      maxSessions: 100,
      maxTotalBytes: options.maxTotalBytes,
      clock: () => Date.UTC(2026, 0, 1),
      scenario: () => BASELINE_SCENARIO,
    })

  it('gives each store the default budget when no maxBytes is given', () => {
    const sessions = sessionsWith({})
    expect(sessions.get('a').store.limits.maxBytes).toBe(DEFAULT_MAX_SESSION_BYTES)
  })

  it('drops the least recently used sessions once all their workers pass maxTotalBytes', () => {
    const build = workerBuilder()
    const sessions = sessionsWith({ maxBytes: 2 * 1024 * 1024, maxTotalBytes: 3 * 1024 * 1024 })
    sessions.get('a').store.putWorker(build(MB))
    sessions.get('b').store.putWorker(build(MB))
    sessions.get('c').store.putWorker(build(MB))
    expect.soft(sessions.ids()).toEqual(['a', 'b', 'c'])
    sessions.get('b').store.putWorker(build(MB)) // a is now the least recently used
    sessions.get('c')
    expect.soft(sessions.ids()).toEqual(['b', 'c'])
    expect.soft(sessions.bytes()).toBeLessThanOrEqual(3 * 1024 * 1024)
  })

  it('never drops the session in use for the bound over all sessions', () => {
    const build = workerBuilder()
    const sessions = sessionsWith({ maxBytes: 4 * 1024 * 1024, maxTotalBytes: 1024 * 1024 })
    sessions.get('a').store.putWorker(build(MB))
    sessions.get('a').store.putWorker(build(MB))
    expect.soft(sessions.ids()).toEqual(['a'])
    expect.soft(sessions.get('a').store.workers.size).toBe(2)
    sessions.get('b')
    expect.soft(sessions.ids()).toEqual(['b'])
  })
})
