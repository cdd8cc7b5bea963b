import { describe, expect, it } from 'vitest'
import { checks } from '../../src/contract/checks/index.js'
import type { Report } from '../../src/contract/report.js'
import { type ContractOptions, runContract } from '../../src/contract/runner.js'
import { createMockApp } from '../../src/mock/app.js'
import { cleanUpAfterEach } from '../helpers/clean-up.js'
import { type FetchHandler, startAppServer, type TestServer } from '../helpers/hostile-server.js'
import { serversIn } from '../servers/servers-in.js'
import type { BrokenServer, ServerIds, VariantServer } from '../servers/wrap-mock.js'

const SEED = 1
const RUNS = 5
/** Per request: small, so the hanging server costs three of them. */
const TIMEOUT_MS = 300
const RUN_TIMEOUT_MS = 10_000
/** Per request on a real port: a loaded test run (every file in parallel) can take over 300 ms. */
const HTTP_TIMEOUT_MS = 3_000

type InProcess = { request: (input: string, init: RequestInit) => Response | Promise<Response> }

// The modules' shapes are fixed by test/servers/wrap-mock.ts (`broken`, `variant`).
const broken = (await serversIn('broken')).map(({ name, module }) => {
  const server = module as BrokenServer
  return { name, breaks: server.breaks, server }
})
const variants = (await serversIn('variants')).map(({ name, module }) => {
  const server = module as VariantServer
  return { name, server }
})

const defaultChecks = checks.filter((check) => check.profile === 'default')
const isWarning = (checkId: string) =>
  checks.find((check) => check.id === checkId)?.severity === 'warning'

/** The contract suite against a Hono app, in-process: no port. */
const judge = (app: InProcess, ids: ServerIds, options: Partial<ContractOptions> = {}) =>
  runContract({
    baseUrl: 'http://judge.test',
    fetch: async (input, init) => app.request(input, init),
    ...ids,
    seed: SEED,
    runs: RUNS,
    timeoutMs: TIMEOUT_MS,
    runTimeoutMs: RUN_TIMEOUT_MS,
    ...options,
  })

const { servers } = cleanUpAfterEach<TestServer>()

/** The contract suite against a Hono app on a real port, with the default fetch. */
const judgeOverHttp = async (app: InProcess & { fetch: FetchHandler }, ids: ServerIds) => {
  const server = await startAppServer(app)
  servers.push(server)
  return runContract({
    baseUrl: server.url,
    ...ids,
    seed: SEED,
    runs: RUNS,
    timeoutMs: HTTP_TIMEOUT_MS,
    runTimeoutMs: RUN_TIMEOUT_MS,
  })
}

const withOutcome = (report: Report, outcome: 'failed' | 'warned') => [
  ...new Set(report.results.filter((r) => r.outcome === outcome).map((r) => r.checkId)),
]

/** What to print when an expectation on a report fails: the seed and every finding. */
const describeReport = (report: Report) => {
  const stopped = report.abortedBecause ? `, stopped: ${report.abortedBecause}` : ''
  const findings = report.results
    .filter((r) => r.outcome === 'failed' || r.outcome === 'warned')
    .map((r) => `${r.outcome} ${r.checkId} on ${r.operationId}: ${r.findings[0]?.message ?? ''}`)
  return [`seed ${report.seed}${stopped}`, ...findings].join('\n')
}

describe('contract suite as a judge', () => {
  it('judges at least 25 broken servers and 3 variants', () => {
    expect(broken.length).toBeGreaterThanOrEqual(25)
    expect(variants.length).toBeGreaterThanOrEqual(3)
  })

  it('names a check of the default profile in every broken server', () => {
    const known = defaultChecks.map((check) => check.id)
    expect(broken.filter(({ breaks }) => !known.includes(breaks))).toEqual([])
  })

  it('breaks every error check of the default profile with at least one server', () => {
    const broke = new Set(broken.map(({ breaks }) => breaks))
    const unbroken = defaultChecks
      .filter((check) => check.severity === 'error' && !broke.has(check.id))
      .map((check) => check.id)
    expect(unbroken).toEqual([])
  })

  it.each(['default', 'strict'] as const)(
    'passes our mock with no failure in the %s profile',
    async (profile) => {
      const app = createMockApp()
      const report = await judge(app, app.ids, { strict: profile === 'strict' })
      expect(withOutcome(report, 'failed'), describeReport(report)).toEqual([])
      expect(withOutcome(report, 'warned'), describeReport(report)).toEqual([])
    },
  )

  it.each(broken.filter(({ breaks }) => !isWarning(breaks)))(
    'fails $name on $breaks, within the run bound',
    async ({ breaks, server }) => {
      const report = await judge(server.app, server.ids)
      expect.soft(withOutcome(report, 'failed'), describeReport(report)).toContain(breaks)
      // A hanging or truncating server must not stretch the run past its bound.
      expect.soft(report.durationMs).toBeLessThan(RUN_TIMEOUT_MS)
    },
  )

  it.each(broken.filter(({ breaks }) => isWarning(breaks)))(
    'warns on $name by default and fails it on $breaks under strict',
    async ({ breaks, server }) => {
      const lenient = await judge(server.app, server.ids)
      expect.soft(withOutcome(lenient, 'warned'), describeReport(lenient)).toEqual([breaks])
      expect.soft(withOutcome(lenient, 'failed'), describeReport(lenient)).toEqual([])
      const strict = await judge(server.app, server.ids, { strict: true })
      expect.soft(withOutcome(strict, 'failed'), describeReport(strict)).toEqual([breaks])
    },
  )

  it.each(variants)('passes variant $name with no failure', async ({ server }) => {
    const report = server.isOverHttp
      ? await judgeOverHttp(server.app, server.ids)
      : await judge(server.app, server.ids, server.baseUrl ? { baseUrl: server.baseUrl } : {})
    expect(withOutcome(report, 'failed'), describeReport(report)).toEqual([])
  })
})
