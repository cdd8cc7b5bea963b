// The consumer's half of a replay's verdict: the target's answer beside what the app saw. What
// the spec promises fails; what it does not promise is a risk; what the target adds is fine.
import { describe, expect, it } from 'vitest'
import { consumerCheck } from '../../src/contract/replay/consumer-check.js'
import { buildFixtures } from '../../src/mock/fixtures.js'

const { createWorkerLocal } = buildFixtures()
const created = JSON.parse(JSON.stringify(createWorkerLocal)) as Record<
  string,
  Record<string, unknown>
>

const check = (target: unknown, recorded: unknown = created, status = [201, 201]) =>
  consumerCheck({
    operationId: 'createWorker',
    recorded: { status: status[0] ?? 0, json: recorded },
    target: { status: status[1] ?? 0, json: target },
  }).map((f) => `${f.kind} ${f.pointer}`)

const withWorker = (change: (worker: Record<string, unknown>) => void) => {
  const copy = structuredClone(created)
  change(copy['worker'] ?? {})
  return copy
}

describe('the consumer check', () => {
  it('passes the same answer, and one with fields added', () => {
    expect(check(created)).toEqual([])
    expect(check(withWorker((w) => Object.assign(w, { region: 'eu' })))).toEqual([])
  })

  it('fails a field the spec requires that is missing, or of a type the spec does not allow', () => {
    expect(check(withWorker((w) => delete w['name']))).toEqual(['failure /worker/name'])
    expect(check(withWorker((w) => Object.assign(w, { isMine: 'true' })))).toEqual([
      'failure /worker/isMine',
    ])
  })

  it('fails a status of another class, and compares no field then', () => {
    expect(check({ title: 'Bad Request' }, created, [201, 400])).toEqual(['failure '])
  })

  it('calls a field the spec does not show a risk: an error body, a field the mock adds', () => {
    const problem = { type: 'about:blank', title: 'Not found', status: 404 }
    expect(check({ error: 'not found' }, problem, [404, 404])).toEqual([
      'risk /type',
      'risk /title',
      'risk /status',
    ])
    const recorded = withWorker((w) => Object.assign(w, { mockOnly: 'x' }))
    expect(check(created, recorded)).toEqual(['risk /worker/mockOnly'])
  })

  it('compares the items of an array where the target has some, and passes an empty one', () => {
    const recorded = { ...created, extra: [{ a: 1 }, { a: 2 }] }
    expect(check({ ...created, extra: [] }, recorded)).toEqual([])
    expect(check({ ...created, extra: [{ a: 'x' }] }, recorded)).toEqual([
      'risk /extra/0/a',
      'risk /extra/1/a',
    ])
  })
})
