import { describe, expect, it } from 'vitest'
import { NOT_FROM_TRAFFIC } from '../../src/contract/index.js'
import type { Report } from '../../src/contract/report.js'
import { runContract } from '../../src/contract/runner.js'
import { createMockApp } from '../../src/mock/app.js'
import { createProxyApp } from '../../src/proxy/create-proxy-app.js'
import type { JournalEntry } from '../../src/server/journal.js'
import { cleanUpAfterEach } from '../helpers/clean-up.js'
import { startAppServer } from '../helpers/hostile-server.js'
import { serversIn } from '../servers/servers-in.js'
import { inShard, isFirst, type Shard } from '../servers/shard.js'
import type { BrokenServer, ServerIds, VariantServer } from '../servers/wrap-mock.js'

type InProcess = { request: (input: string, init: RequestInit) => Response | Promise<Response> }

/**
 * The contract suite run through a proxy in front of `target`, in-process; with `overHttp`, the
 * target is the URL of a real server and the proxy forwards with the real fetch.
 */
const throughProxy = async (
  target: InProcess,
  ids: ServerIds,
  {
    proxyTimeoutMs = 2_000,
    baseUrl = 'http://target.test',
    overHttp = false,
    seed = 1,
    runs = 5,
  } = {},
) => {
  const proxy = createProxyApp({
    target: baseUrl,
    ...(overHttp ? {} : { fetch: async (input, init) => target.request(input, init) }),
    timeoutMs: proxyTimeoutMs,
  })
  const report = await runContract({
    baseUrl: 'http://proxy.test',
    fetch: async (input, init) => proxy.request(input, init),
    ...ids,
    seed,
    runs,
    timeoutMs: 1_000,
    runTimeoutMs: 20_000,
    // The proxy's verdicts are the question here, not the shrink (test/contract/sequences.test.ts).
    shrinkCalls: 0,
  })
  return { report, entries: proxy.journal.list() }
}

const findingsOf = (report: Report, checkId: string) =>
  report.results.filter((r) => r.checkId === checkId).flatMap((r) => r.findings)

/** The entry is the exchange a finding was made on: same method, path and (when kept whole) body. */
const isSameExchange = (
  entry: JournalEntry,
  finding: Report['results'][number]['findings'][number],
) => {
  const url = new URL(finding.request.url)
  // The journal keeps the path as the server read it (`%20` decoded): compare the decoded paths.
  const isSamePath = decodeURIComponent(entry.path) === decodeURIComponent(url.pathname)
  if (entry.method !== finding.request.method || !isSamePath) return false
  const sent = finding.request.body
  if (sent === undefined || sent.includes('…(') || sent.includes('[REDACTED]')) return true
  const kept = entry.request.body
  if (typeof kept === 'string') return kept === sent
  // Kept as JSON: the same value, whatever escapes the request was written with.
  try {
    return JSON.stringify(kept) === JSON.stringify(JSON.parse(sent))
  } catch {
    return false
  }
}

const variants = (await serversIn('variants', 'proxy')).map(({ name, module }) => ({
  name,
  server: module as VariantServer,
}))

/**
 * The broken servers are judged on a seed the contract matrix (test/contract/judge-matrix.ts, seeds 1
 * and 99) does not use, one generated body per operation: the contract behind the proxy must still
 * catch each of them, and the proxy must name what it caught.
 */
const BROKEN_SEED = 2
const BROKEN_RUNS = 1
/** The proxy's timeout in front of a server that never answers. */
const DEAF_PROXY_TIMEOUT_MS = 5

const broken = (await serversIn('broken', 'proxy')).map(({ name, module }) => ({
  name,
  server: module as BrokenServer,
}))

/**
 * The matrix's part for `shard` (test/proxy/proxy-matrix-*.test.ts): the proxy in front of each
 * variant and broken server of the shard, and, in the first shard, in front of our own mock.
 */
export const proxyMatrix = (shard: Shard) => {
  const { servers } = cleanUpAfterEach<{ close(): Promise<void> }>()

  if (isFirst(shard))
    describe('the proxy in front of our mock', () => {
      it('lets a whole contract run through and finds no violation on any exchange', async () => {
        const mock = createMockApp()
        const { report, entries } = await throughProxy(mock, mock.ids)
        expect(report.results.filter((r) => r.outcome === 'failed')).toEqual([])
        expect(entries.length).toBeGreaterThan(100)
        expect(entries.filter((e) => e.operationId !== null).length).toBeGreaterThan(100)
        expect(entries.flatMap((e) => e.violations ?? [])).toEqual([])
      })
    })

  describe('the proxy in front of servers that keep the spec differently', () => {
    it.each(inShard(variants, shard))('$name: no violation', async ({ server }) => {
      let baseUrl = server.baseUrl
      if (server.isOverHttp === true) {
        const real = await startAppServer(server.app)
        servers.push(real)
        baseUrl = real.url
      }
      const { entries } = await throughProxy(server.app, server.ids, {
        ...(baseUrl === undefined ? {} : { baseUrl }),
        overHttp: server.isOverHttp === true,
      })
      expect(entries.length).toBeGreaterThan(50)
      expect(entries.flatMap((e) => e.violations ?? [])).toEqual([])
    })
  })

  describe('the proxy in front of each broken server', () => {
    if (isFirst(shard))
      it('knows a server for every check it may name', () => {
        expect(broken.length).toBeGreaterThan(70)
      })

    it.each(
      inShard(
        broken.filter(({ server }) => !(server.breaks in NOT_FROM_TRAFFIC)),
        shard,
      ),
    )('$name: names $server.breaks on the exchange the contract failed', async ({ server }) => {
      // A server that never answers: the proxy answers its caller a 504 itself (which the
      // contract, behind it, reports as a server error) and names `responds` in its own journal.
      // Every LLM provider update of the run waits out the proxy's timeout: a short one keeps the
      // run at seconds (at 60 ms its ~300 updates took 18 s, at 15 ms 7 s, the suite's longest
      // wait with no CPU spent), and an in-process answer of the mock's own takes well under it. A
      // late one (a loaded machine) adds a 504 and a `responds` violation, which the assertions
      // below allow: they ask that the deaf update's are there, not that they are alone.
      const isDeaf = server.breaks === 'responds'
      const { report, entries } = await throughProxy(server.app, server.ids, {
        proxyTimeoutMs: isDeaf ? DEAF_PROXY_TIMEOUT_MS : 2_000,
        seed: BROKEN_SEED,
        runs: BROKEN_RUNS,
      })
      const findings = isDeaf
        ? findingsOf(report, 'no-server-error').filter((f) => f.status === 504)
        : findingsOf(report, server.breaks)
      expect(findings.length).toBeGreaterThan(0)
      const flagged = entries.filter((e) =>
        (e.violations ?? []).some((v) => v.check === server.breaks),
      )
      expect(flagged.length).toBeGreaterThan(0)
      expect(flagged.some((entry) => findings.some((f) => isSameExchange(entry, f)))).toBe(true)
    })

    it.each(
      inShard(
        broken.filter(({ server }) => server.breaks in NOT_FROM_TRAFFIC),
        shard,
      ),
    )(
      '$name: $server.breaks cannot be judged from traffic, and no other violation is invented',
      async ({ server }) => {
        const { report, entries } = await throughProxy(server.app, server.ids, {
          seed: BROKEN_SEED,
          runs: BROKEN_RUNS,
        })
        expect(findingsOf(report, server.breaks).length).toBeGreaterThan(0)
        expect(entries.flatMap((e) => e.violations ?? []).map((v) => v.check)).toEqual([])
      },
    )
  })
}
