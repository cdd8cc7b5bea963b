import { describe, expect, it } from 'vitest'
import type { Finding, Report } from '../../src/contract/report.js'
import { runContract } from '../../src/contract/runner.js'
import { broken, getAt, racySlot, setAt } from '../servers/wrap-mock.js'

/**
 * A bug that needs three calls: a rename answers the description of the worker created last, so
 * it shows only when another worker, of another description, was created after the renamed one.
 */
const renameAnswersLatestDescription = () => {
  let latest: unknown
  return broken(
    {
      breaks: 'rename-keeps-worker',
      spec: '§4.3',
      description:
        "a rename answers the description of the worker created last, not the renamed one's",
    },
    {
      success: {
        createWorker: (body) => {
          latest = getAt(body, ['worker', 'description'])
          return body
        },
        updateWorker: (body) => setAt(body, ['worker', 'description'], latest),
      },
    },
  )
}

/** Two creates in flight at once share an id (a race). */
const racingCreates = () => {
  const slot = racySlot(15)
  return broken(
    { breaks: 'create-returns-new-id', spec: '§4.2', description: 'racing creates share an id' },
    {
      success: {
        createWorker: async (body) =>
          setAt(body, ['worker', 'id'], await slot(getAt(body, ['worker', 'id']))),
      },
    },
  )
}

const judge = (
  server: ReturnType<typeof broken>,
  maxCreates?: number,
  options: { shrinkCalls?: number } = {},
) =>
  runContract({
    baseUrl: 'http://judge.test',
    fetch: async (input, init) => server.app.request(input, init),
    ...server.ids,
    seed: 1,
    runs: 5,
    ...(maxCreates === undefined ? {} : { maxCreates }),
    ...options,
  })

/** The findings of `checkId` on a call of the run's sequence. */
const sequenceFindings = (report: Report, checkId: string): Finding[] =>
  report.results
    .filter((r) => r.checkId === checkId)
    .flatMap((r) => r.findings)
    .filter((f) => f.caseTitle.startsWith('sequence: '))

/** The calls a script makes, as `operation → status` (its `# n. …` lines). */
const callsOf = (script: readonly string[]) =>
  script.flatMap((line) => /^# \d+\. (\w+) → /.exec(line)?.[1] ?? [])

describe('sequences of calls, judged against the state model', () => {
  it('shrinks a failure that needs three calls to those three, and reports them as curl lines', async () => {
    const report = await judge(renameAnswersLatestDescription(), 80)

    const shrunk = sequenceFindings(report, 'rename-keeps-worker').find((f) =>
      f.sequence?.some((line) => line.includes('(shrunk)')),
    )
    expect(shrunk?.sequence, 'a shrunk sequence beside a finding').toBeDefined()
    const script = shrunk?.sequence ?? []
    expect(callsOf(script)).toEqual(['createWorker', 'createWorker', 'updateWorker'])
    expect(script.filter((line) => line.startsWith('curl '))).toHaveLength(3)
    expect(script.at(-2)).toMatch(/← rename-keeps-worker: worker\.description is/)
    // The run's own sequence failed later than three calls in: the shrink took calls out.
    const unshrunk = sequenceFindings(report, 'rename-keeps-worker').map(
      (f) => callsOf(f.sequence ?? []).length,
    )
    expect(Math.max(...unshrunk)).toBeGreaterThan(3)
  })

  it('shrinks within --max-creates: the catalogue keeps its creates, and the script says it stopped', async () => {
    const report = await judge(renameAnswersLatestDescription())

    expect(report.workersCreated).toBeLessThanOrEqual(25)
    expect(report.skippedCases).toEqual([])
    const scripts = sequenceFindings(report, 'rename-keeps-worker').map((f) => f.sequence ?? [])
    expect(scripts.length).toBeGreaterThan(0)
    expect(scripts.some((s) => s[0]?.startsWith('# shrinking stopped'))).toBe(true)
  })

  it('sends no shrink with shrinkCalls 0, and says so; refuses a shrinkCalls that is no count', async () => {
    const server = renameAnswersLatestDescription()
    const report = await judge(server, 80, { shrinkCalls: 0 })

    const scripts = sequenceFindings(report, 'rename-keeps-worker').map((f) => f.sequence ?? [])
    expect(scripts.some((s) => s[0]?.startsWith('# shrinking stopped'))).toBe(true)
    expect(scripts.some((s) => s.some((line) => line.includes('(shrunk)')))).toBe(false)
    await expect(judge(server, 80, { shrinkCalls: -1 })).rejects.toMatchObject({ code: 'E_USAGE' })
  })

  it('sends creates at once, and reports the pair as calls sent together', async () => {
    const report = await judge(racingCreates())

    const [finding] = sequenceFindings(report, 'create-returns-new-id')
    const script = finding?.sequence ?? []
    expect(finding?.caseTitle).toMatch(/sent together/)
    expect(script.filter((line) => line.endsWith(' &'))).toHaveLength(2)
    expect(script).toContain('wait')
  })

  it('costs a default run no more requests and creates than before the sequences', async () => {
    const { createMockApp } = await import('../../src/mock/app.js')
    const app = createMockApp()
    const report = await runContract({
      baseUrl: 'http://judge.test',
      fetch: async (input, init) => app.request(input, init),
      ...app.ids,
      seed: 1,
    })
    expect(report.results.filter((r) => r.outcome === 'failed')).toEqual([])
    expect(report.requestCount).toBeLessThanOrEqual(590)
    expect(report.workersCreated).toBeLessThanOrEqual(25)
  })
})
