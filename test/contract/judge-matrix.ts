import { describe, expect, it } from 'vitest'
import { CATALOGUE } from '../../src/contract/catalogue/index.js'
import { checks } from '../../src/contract/checks/index.js'
import type { Report } from '../../src/contract/report.js'
import { type ContractOptions, runContract } from '../../src/contract/runner.js'
import { SEQUENCE_CLASSES } from '../../src/contract/sequences/index.js'
import { createMockApp } from '../../src/mock/app.js'
import { cleanUpAfterEach } from '../helpers/clean-up.js'
import { type FetchHandler, startAppServer, type TestServer } from '../helpers/hostile-server.js'
import { serversIn } from '../servers/servers-in.js'
import { inShard, isFirst, type Shard } from '../servers/shard.js'
import type { BrokenServer, ServerIds, VariantServer } from '../servers/wrap-mock.js'

const SEED = 1
const RUNS = 5
/**
 * A seed beside the matrix's, one generated body per operation: a broken server's verdict must not
 * hang on the seed (the catalogue's cases, the same on every seed, make most of a run's cost).
 * test/proxy/proxy-matrix.ts judges every broken server on a third seed, through the proxy.
 */
const OTHER_SEED = 99
const OTHER_RUNS = 1
/** Per request: small, so the hanging server costs three of them. */
const TIMEOUT_MS = 300
const RUN_TIMEOUT_MS = 10_000
/** Per request on a real port: a loaded test run (every file in parallel) can take over 300 ms. */
const HTTP_TIMEOUT_MS = 3_000

type InProcess = { request: (input: string, init: RequestInit) => Response | Promise<Response> }

// The modules' shapes are fixed by test/servers/wrap-mock.ts (`broken`, `variant`).
const broken = (await serversIn('broken', 'judge')).map(({ name, module }) => {
  const server = module as BrokenServer
  return { name, breaks: server.breaks, catches: server.catches, server }
})
/**
 * The broken servers loaded again for the other seed: that run meets a server as fresh as the
 * matrix's (a server that answers every create with the same id would otherwise meet its workers).
 */
const onOtherSeed = new Map(
  (await serversIn('broken', `seed-${OTHER_SEED}`)).map(({ name, module }) => [
    name,
    module as BrokenServer,
  ]),
)
const variants = (await serversIn('variants', 'judge')).map(({ name, module }) => {
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
    // The matrix asks for verdicts; a shrink sends probes that change none (sequences.test.ts).
    shrinkCalls: 0,
    ...options,
  })

/** The contract suite against a Hono app on a real port, with the default fetch. */
const judgeOverHttp = async (
  servers: TestServer[],
  app: InProcess & { fetch: FetchHandler },
  ids: ServerIds,
) => {
  const server = await startAppServer(app)
  servers.push(server)
  return runContract({
    baseUrl: server.url,
    ...ids,
    seed: SEED,
    runs: RUNS,
    timeoutMs: HTTP_TIMEOUT_MS,
    runTimeoutMs: RUN_TIMEOUT_MS,
    shrinkCalls: 0,
  })
}

const withOutcome = (report: Report, outcome: 'failed' | 'warned') => [
  ...new Set(report.results.filter((r) => r.outcome === outcome).map((r) => r.checkId)),
]

/** A report's verdict: the checks it failed and the ones it warned on. */
const verdictOf = (report: Report) => ({
  failed: withOutcome(report, 'failed').sort(),
  warned: withOutcome(report, 'warned').sort(),
})

/** The verdict on a fresh instance of the broken server `name`, on the other seed. */
const verdictOnOtherSeed = async (name: string, options: Partial<ContractOptions> = {}) => {
  const server = onOtherSeed.get(name)
  if (server === undefined) throw new Error(`no second instance of ${name}`)
  return verdictOf(
    await judge(server.app, server.ids, { seed: OTHER_SEED, runs: OTHER_RUNS, ...options }),
  )
}

/**
 * Classes no realistic one-deviation server is caught by alone (issue 18's report): another class
 * sends the same values (string/unicode-escapes sends max-length/at's, min-length/at packs
 * min-items/at's list), or every check that misses them misses another class's too (an ASCII-only
 * miss at a maximum, a made-up id where path-id/* derive one from the real id, and body ids, whose
 * bad values items/bad-* send as well); body/spelling sends the smallest valid body again, in
 * other spellings, so a server that refuses it (properties/optional-left-out) fails both. In
 * catalogue order; take a class out when a server is found.
 */
const INSEPARABLE = [
  'properties/optional-left-out',
  'min-length/at',
  'min-length/at-multibyte',
  'max-length/at',
  'max-length/above',
  'max-length/above-multibyte',
  'pattern/prefix-case',
  'id-length/below',
  'id-length/above',
  'min-items/at',
]

/** Every class a server may be caught by alone: the catalogue's, then the sequences'. */
const CLASSES = [...CATALOGUE, ...SEQUENCE_CLASSES].map((c) => c.id)
const isSequenceClass = (id: string) => SEQUENCE_CLASSES.some((c) => c.id === id)

/** The class a case belongs to, from its title (`max-length/at: …`). */
const classOf = (caseTitle: string) => CLASSES.find((id) => caseTitle.startsWith(`${id}: `))

/**
 * The classes whose cases failed `checkId`. The sequences send the run's generated valid bodies,
 * which come from the seed: a server one catalogue class catches may also fail one of them on some
 * seeds, so they count only for a server a sequence class catches (and then every class does).
 */
const classesFailing = (report: Report, checkId: string, catches: string) => [
  ...new Set(
    report.results
      .filter((r) => r.checkId === checkId && r.outcome === 'failed')
      .flatMap((r) =>
        r.findings.flatMap((f) => {
          const found = classOf(f.caseTitle)
          return found === undefined || (isSequenceClass(found) && !isSequenceClass(catches))
            ? []
            : [found]
        }),
      ),
  ),
]

/** What to print when an expectation on a report fails: the seed and every finding. */
const describeReport = (report: Report) => {
  const stopped = report.abortedBecause ? `, stopped: ${report.abortedBecause}` : ''
  const findings = report.results
    .filter((r) => r.outcome === 'failed' || r.outcome === 'warned')
    .map((r) => `${r.outcome} ${r.checkId} on ${r.operationId}: ${r.findings[0]?.message ?? ''}`)
  return [`seed ${report.seed}${stopped}`, ...findings].join('\n')
}

/**
 * The matrix's part for `shard` (test/contract/judge-*.test.ts): every broken server and variant of
 * the shard judged, and, in the first shard, the checks of the whole list and our own mock.
 */
export const judgeMatrix = (shard: Shard) =>
  describe(`contract suite as a judge (${shard.index}/${shard.count})`, () => {
    const { servers } = cleanUpAfterEach<TestServer>()

    // The checks of the whole list: once, in the first shard.
    if (isFirst(shard)) {
      it('judges at least 25 broken servers and 3 variants', () => {
        expect(broken.length).toBeGreaterThanOrEqual(25)
        expect(variants.length).toBeGreaterThanOrEqual(3)
      })

      it('names a check of the default profile in every broken server', () => {
        const known = defaultChecks.map((check) => check.id)
        expect(broken.filter(({ breaks }) => !known.includes(breaks))).toEqual([])
      })

      it('names a class of the catalogue or the sequences in every broken server that says which class catches it', () => {
        const unknown = broken.flatMap(({ name, catches }) =>
          catches === undefined || CLASSES.includes(catches) ? [] : [`${name}: ${catches}`],
        )
        expect(unknown).toEqual([])
      })

      it('has a broken server for every class of the catalogue that only that class catches', () => {
        const caught = new Set(broken.map(({ catches }) => catches))
        const uncaught = CLASSES.filter((id) => !caught.has(id))
        expect(
          uncaught,
          `classes no broken server is caught by alone: ${uncaught.join(', ')}`,
        ).toEqual(INSEPARABLE)
      })

      it('breaks every error check of the default profile with at least one server', () => {
        const broke = new Set(broken.map(({ breaks }) => breaks))
        const unbroken = defaultChecks
          .filter((check) => check.severity === 'error' && !broke.has(check.id))
          .map((check) => check.id)
        expect(unbroken).toEqual([])
      })
    }

    it.each(inShard(['default', 'strict'] as const, shard))(
      'passes our mock with no failure in the %s profile',
      async (profile) => {
        const app = createMockApp()
        const report = await judge(app, app.ids, { strict: profile === 'strict' })
        expect(withOutcome(report, 'failed'), describeReport(report)).toEqual([])
        expect(withOutcome(report, 'warned'), describeReport(report)).toEqual([])
      },
    )

    it.each(
      inShard(
        broken.filter(({ breaks }) => !isWarning(breaks)),
        shard,
      ),
    )(
      'fails $name on $breaks, within the run bound, with the same verdict on another seed',
      async ({ name, breaks, catches, server }) => {
        const report = await judge(server.app, server.ids)
        expect.soft(withOutcome(report, 'failed'), describeReport(report)).toContain(breaks)
        // Only its class catches it: every catalogue case that fails `breaks` is of that class.
        if (catches !== undefined)
          expect
            .soft(classesFailing(report, breaks, catches), describeReport(report))
            .toEqual([catches])
        // A hanging or truncating server must not stretch the run past its bound.
        expect.soft(report.durationMs).toBeLessThan(RUN_TIMEOUT_MS)
        expect
          .soft(await verdictOnOtherSeed(name), `seed ${OTHER_SEED} against seed ${SEED}`)
          .toEqual(verdictOf(report))
      },
    )

    it.each(
      inShard(
        broken.filter(({ breaks }) => isWarning(breaks)),
        shard,
      ),
    )(
      'warns on $name by default and fails it on $breaks under strict, on another seed too',
      async ({ name, breaks, server }) => {
        const lenient = await judge(server.app, server.ids)
        expect.soft(withOutcome(lenient, 'warned'), describeReport(lenient)).toEqual([breaks])
        expect.soft(withOutcome(lenient, 'failed'), describeReport(lenient)).toEqual([])
        const strict = await judge(server.app, server.ids, { strict: true })
        expect.soft(withOutcome(strict, 'failed'), describeReport(strict)).toEqual([breaks])
        expect
          .soft(await verdictOnOtherSeed(name), `seed ${OTHER_SEED} against seed ${SEED}`)
          .toEqual(verdictOf(lenient))
      },
    )

    it.each(inShard(variants, shard))(
      'passes variant $name with no failure',
      async ({ server }) => {
        const report = server.isOverHttp
          ? await judgeOverHttp(servers, server.app, server.ids)
          : await judge(server.app, server.ids, server.baseUrl ? { baseUrl: server.baseUrl } : {})
        expect(withOutcome(report, 'failed'), describeReport(report)).toEqual([])
      },
    )
  })
