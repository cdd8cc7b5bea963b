import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { type Coverage, meetsCoverage } from '../../src/contract/coverage.js'
import { type ContractOptions, runContract } from '../../src/contract/runner.js'
import { createMockApp } from '../../src/mock/app.js'
import acceptsLongRenameName from '../servers/broken/accepts-long-rename-name.js'
import isMineAsString from '../servers/broken/is-mine-as-string.js'

type InProcess = { request: (input: string, init: RequestInit) => Response | Promise<Response> }

/** The contract suite against a Hono app, in-process: no port. */
const coverageOf = async (
  app: InProcess,
  options: Partial<ContractOptions> = {},
): Promise<Coverage> => {
  const report = await runContract({
    baseUrl: 'http://coverage.test',
    fetch: async (input, init) => app.request(input, init),
    seed: 1,
    runs: 5,
    ...options,
  })
  return report.coverage
}

const row = (coverage: Coverage, rule: string) => coverage.rows.find((r) => r.rule === rule)
const notExercised = (coverage: Coverage) =>
  coverage.rows.filter((r) => r.verdict === 'not-exercised')

describe('coverage', () => {
  it('exercises every rule of the spec against our mock, each with a passing verdict', async () => {
    const app = createMockApp()
    const coverage = await coverageOf(app, app.ids)
    expect(notExercised(coverage)).toEqual([])
    expect(coverage.rows.filter((r) => r.verdict === 'covered-fail')).toEqual([])
    expect(coverage.percent).toBe(100)
    expect(meetsCoverage(coverage, 100)).toBe(true)
  })

  it('sends each bound on both sides: an accepted request at the bound and a violation', async () => {
    const app = createMockApp()
    const coverage = await coverageOf(app, app.ids)
    const rename = row(coverage, 'updateWorker body /name max-length')
    expect.soft(rename?.boundarySent).toBeGreaterThan(0)
    expect.soft(rename?.violationSent).toBeGreaterThan(0)
    // A made-up id one character short, the real worker's id one character short, and no id.
    const pathId = row(coverage, 'updateWorker params /id min-length')
    expect.soft(pathId?.violationSent).toBe(3)
    expect.soft(pathId?.classes.map((c) => [c.id, c.sent, c.failed])).toEqual([
      ['id-length/below', 1, 0],
      ['path-id/real-minus-one', 1, 0],
      ['path-id/empty', 1, 0],
    ])
  })

  it('names the missing --org-id as why the llm-provider rules were not exercised', async () => {
    const coverage = await coverageOf(createMockApp())
    const missed = notExercised(coverage)
    expect(missed.length).toBeGreaterThan(0)
    expect(missed.every((r) => r.operationId === 'updateLlmProvider')).toBe(true)
    expect(missed.every((r) => r.reason?.includes('--org-id'))).toBe(true)
    expect(coverage.percent).toBeLessThan(100)
    expect(meetsCoverage(coverage, 100)).toBe(false)
    expect(meetsCoverage(coverage, coverage.percent)).toBe(true)
  })

  it('names a check left out by --skip as why its rules were not exercised', async () => {
    const app = createMockApp()
    const coverage = await coverageOf(app, { ...app.ids, skip: ['rejects-invalid-input'] })
    const missed = row(coverage, 'createWorker body /name required')
    expect(missed?.verdict).toBe('not-exercised')
    expect(missed?.reason).toContain('rejects-invalid-input')
    expect(row(coverage, 'createWorker response /worker/id response-key')?.verdict).toBe(
      'covered-pass',
    )
  })

  it('names the case a --max-creates budget kept from being sent', async () => {
    const app = createMockApp()
    const coverage = await coverageOf(app, { ...app.ids, maxCreates: 0 })
    const missed = row(coverage, 'createWorker body /description optional')
    expect(missed?.verdict).toBe('not-exercised')
    expect(missed?.reason).toContain('--max-creates 0')
  })

  it('says why the response rules were not exercised when nothing was accepted', async () => {
    const app = new Hono()
    app.all('/v1/*', (c) => c.json({ title: 'no' }, 400))
    const coverage = await coverageOf(app)
    const worker = row(coverage, 'createWorker response /worker response-key')
    expect(worker?.verdict).toBe('not-exercised')
    expect(worker?.reason).toMatch(/got no 2xx JSON body to check/)
  })

  it('fails the one request rule a server breaks, and no other', async () => {
    const { app, ids } = acceptsLongRenameName
    const coverage = await coverageOf(app, ids)
    const failed = coverage.rows.filter((r) => r.verdict === 'covered-fail').map((r) => r.rule)
    expect(failed).toEqual(['updateWorker body /name max-length'])
  })

  it('fails the one response key a server gets wrong, and no other', async () => {
    const { app, ids } = isMineAsString
    const coverage = await coverageOf(app, ids)
    const failed = coverage.rows.filter((r) => r.verdict === 'covered-fail').map((r) => r.rule)
    expect(failed).toEqual(['createWorker response /worker/isMine response-key'])
  })
})
