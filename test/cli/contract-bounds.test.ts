// The contract CLI against servers that attack the CLI itself: thousands of secrets to remember,
// answers too deep or too large to keep, answers that are not valid HTTP. Each run must end within
// its bound, in bounded memory, with its reports written. Run in-process (src/cli/run-cli.ts, as
// the bin runs it), but for the runs under a heap limit: those spawn the built bin with node's
// flag (`npm test` builds first; alone, run `npm run build` before vitest).
import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createMockApp } from '../../src/mock/app.js'
import { cleanUpAfterEach } from '../helpers/clean-up.js'
import { runCli } from '../helpers/cli-in-process.js'
import {
  type HostileBehaviour,
  type HostileOptions,
  startAppServer,
  startHostileServer,
  type TestServer,
} from '../helpers/hostile-server.js'
import { CLI_PATH, spawnProcess } from '../helpers/spawn-cli.js'

/** The outer bound of every run: a safety net, far above any correct run's duration. */
const SAFETY_MS = 60_000

const { servers, dirs } = cleanUpAfterEach<TestServer>()

const start = async (behaviour: HostileBehaviour, options: HostileOptions = {}) => {
  const server = await startHostileServer(behaviour, options)
  servers.push(server)
  return server
}

const reportFiles = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'wak-bounds-'))
  dirs.push(dir)
  return { json: join(dir, 'report.json'), junit: join(dir, 'report.xml') }
}

type JsonReport = {
  durationMs: number
  abortedBecause?: string
  results: { checkId: string; outcome: string; reason?: string; findings: { message: string }[] }[]
}

/**
 * Runs `contract …args --json --junit` and reads its reports: in-process, or with `nodeFlags` as
 * `node [nodeFlags] dist/bin/main.js` (a heap limit is a process's).
 */
const contract = async (
  url: string,
  args: readonly string[],
  nodeFlags: readonly string[] = [],
) => {
  const files = await reportFiles()
  const started = performance.now()
  const argv = [
    'contract',
    '--base-url',
    url,
    '--json',
    files.json,
    '--junit',
    files.junit,
    ...args,
  ]
  const exit = await (nodeFlags.length === 0
    ? runCli(argv, { timeoutMs: SAFETY_MS })
    : spawnProcess(process.execPath, [...nodeFlags, CLI_PATH, ...argv]).exit(SAFETY_MS))
  const ms = performance.now() - started
  const json = await readFile(files.json, 'utf8').catch(() => '')
  const junit = await readFile(files.junit, 'utf8').catch(() => '')
  const report = json === '' ? undefined : (JSON.parse(json) as JsonReport)
  return { ...exit, ms, json, junit, report }
}

const lastLine = (text: string) => text.trimEnd().split('\n').at(-1) ?? ''

describe('contract run bounds', () => {
  // Before: masking grew with (secrets seen × texts masked); 1 000 token-named fields an answer
  // kept the CLI busy past 200 s under --run-timeout 15000, and no report was written.
  it('ends within --run-timeout and writes its reports against a server handing out 1 000 tokens an answer', async () => {
    const server = await start('many-tokens')
    const bound = 3_000

    const run = await contract(server.url, ['--run-timeout', String(bound), '--timeout', '2000'])

    expect(run.code, run.stdout + run.stderr).toBe(1)
    expect.soft(run.stderr).toBe('')
    expect.soft(run.report?.results.length).toBeGreaterThan(0)
    expect.soft(run.junit).toMatch(/^<\?xml /)
    expect.soft(lastLine(run.stdout)).toMatch(/^\d+ passed, \d+ failed, \d+ skipped$/)
    // The report's own measure, from the start of the run to the report (a generous margin).
    expect.soft(run.report?.durationMs).toBeLessThanOrEqual(bound)
    expect.soft(run.ms).toBeLessThan(bound + 5_000)
  })

  it('counts the cases left at the run bound as skipped with the reason "run timeout"', async () => {
    const mock = createMockApp()
    const slow = await startAppServer({
      fetch: async (request) => {
        await new Promise((resolve) => setTimeout(resolve, 50))
        return mock.fetch(request)
      },
    })
    servers.push(slow)

    const run = await contract(slow.url, ['--run-timeout', '1500'])

    expect(run.code, run.stdout + run.stderr).toBe(0)
    expect.soft(run.report?.abortedBecause).toMatch(/^run timeout/)
    expect.soft(run.stdout).toMatch(/^stopped early: run timeout/m)
    const skipped = run.report?.results.filter((r) => r.outcome === 'skipped') ?? []
    expect.soft(skipped.map((r) => r.reason)).toContainEqual(expect.stringMatching(/^run timeout/))
    expect.soft(lastLine(run.stdout)).toMatch(/^\d+ passed, 0 failed, [1-9]\d* skipped$/)
  })

  // Before: every parsed answer was kept; 1 MB answers nested 500 000 deep took the CLI to 2.5 GB
  // and 4 MB answers crashed it (heap out of memory, no report).
  it.each([
    ['nested 500 000 levels deep (1 MB)', 'deep-json' as const, /nested deeper than 64 levels/],
    ['of 4 MiB', 'big-json' as const, /response too large/],
  ])(
    'exits 1 with its reports in 96 MB of heap against answers %s',
    async (_what, behaviour, finding) => {
      const server = await start(behaviour)

      const run = await contract(server.url, ['--runs', '3'], ['--max-old-space-size=96'])

      expect(run.stderr).not.toMatch(/heap out of memory|unexpected error/i)
      expect(run.code, run.stdout + run.stderr).toBe(1)
      expect.soft(run.stdout).toMatch(finding)
      expect.soft(run.json).toMatch(finding)
      expect.soft(run.junit).toMatch(/^<\?xml /)
    },
  )

  // Before: each was "cannot reach … Is the server running?", exit 2, no report.
  it.each([
    ['100 000 headers', 'many-headers' as const, /headers? (over|too)/i],
    ['one header of 1 MB', 'big-header' as const, /headers? (over|too)/i],
    ['bytes that are not HTTP', 'malformed-http' as const, /not valid HTTP/i],
    ['a reset in the middle of its headers', 'reset-mid-answer' as const, /network|reset/i],
  ])(
    'reports a server that answers with %s as a failed check (exit 1), not as unreachable',
    async (_what, behaviour, finding) => {
      const server = await start(behaviour)

      const run = await contract(server.url, ['--timeout', '2000'])

      expect(run.code, run.stdout + run.stderr).toBe(1)
      expect.soft(run.stderr).not.toMatch(/cannot reach/)
      expect.soft(run.stdout).toMatch(/^✗ responds · createWorker: /m)
      expect
        .soft(run.report?.results.find((r) => r.checkId === 'responds')?.findings[0]?.message)
        .toMatch(finding)
      expect.soft(run.junit).toMatch(/<failure /)
    },
  )
})
