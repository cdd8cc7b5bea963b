import { describe, expect, it } from 'vitest'
import type { Report } from '../../src/contract/report.js'
import { runContract } from '../../src/contract/runner.js'
import { serversIn } from '../servers/servers-in.js'
import type { BrokenServer } from '../servers/wrap-mock.js'

/** The judge matrix's seed and runs (test/contract/judge.test.ts). */
const MATRIX_SEED = 1
const MATRIX_RUNS = 5
/**
 * Seeds beside the matrix's. One generated body each: the catalogue's cases, the same on every
 * seed, are what catch a broken server, and they make most of a run's cost (about 330 requests).
 */
const OTHER_SEEDS = [2, 99]
const OTHER_RUNS = 1
const TIMEOUT_MS = 300
const RUN_TIMEOUT_MS = 10_000

/**
 * The broken servers, loaded once per seed: each run meets a server as fresh as the matrix's (a
 * server that answers every create with the same id would otherwise meet its earlier workers).
 * The modules' shapes are fixed by test/servers/wrap-mock.ts (`broken`).
 */
const instances = await Promise.all(
  [MATRIX_SEED, ...OTHER_SEEDS].map(async (seed) => {
    const loaded = await serversIn('broken', `seed-${seed}`)
    return new Map(loaded.map(({ name, module }) => [name, module as BrokenServer]))
  }),
)
const serverOf = (name: string, seed: number) => {
  const server = instances[[MATRIX_SEED, ...OTHER_SEEDS].indexOf(seed)]?.get(name)
  if (server === undefined) throw new Error(`no instance of ${name} for seed ${seed}`)
  return server
}
const broken = (await serversIn('broken')).map(({ name }) => ({ name }))

/** The contract suite against a broken server, in-process (no port), as the matrix judges it. */
const judge = (server: BrokenServer, seed: number, runs: number) =>
  runContract({
    baseUrl: 'http://judge.test',
    fetch: async (input, init) => server.app.request(input, init),
    ...server.ids,
    seed,
    runs,
    timeoutMs: TIMEOUT_MS,
    runTimeoutMs: RUN_TIMEOUT_MS,
  })

/** A report's verdict: the checks it failed and the ones it warned on. */
const verdictOf = (report: Report) => {
  const checksWith = (outcome: 'failed' | 'warned') =>
    [...new Set(report.results.filter((r) => r.outcome === outcome).map((r) => r.checkId))].sort()
  return { failed: checksWith('failed'), warned: checksWith('warned') }
}

describe('contract suite verdicts across seeds', () => {
  it.each(broken)('gives $name the same verdict on every seed', async ({ name }) => {
    const expected = verdictOf(await judge(serverOf(name, MATRIX_SEED), MATRIX_SEED, MATRIX_RUNS))
    for (const seed of OTHER_SEEDS) {
      const report = await judge(serverOf(name, seed), seed, OTHER_RUNS)
      expect.soft(verdictOf(report), `seed ${seed} against seed ${MATRIX_SEED}`).toEqual(expected)
    }
  })
})
