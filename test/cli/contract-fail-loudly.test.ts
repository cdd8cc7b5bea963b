// A contract run never reads green, or costs a run, by mistake: wrong filters and unwritable
// report paths are usage errors before the first request, and every case not sent is listed as
// skipped in every report. Run in-process (src/cli/run-cli.ts, as the bin runs it).
import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createMockApp } from '../../src/mock/app.js'
import { cleanUpAfterEach } from '../helpers/clean-up.js'
import { runCli } from '../helpers/cli-in-process.js'
import { startAppServer, type TestServer } from '../helpers/hostile-server.js'

const { servers, dirs } = cleanUpAfterEach<TestServer>()

/** The mock in-process behind a port, counting the requests that reach it. */
const serveMock = async () => {
  const app = createMockApp()
  const server = await startAppServer(app)
  servers.push(server)
  return { ...server, ids: ['--org-id', app.ids.orgId, '--llm-provider-id', app.ids.llmProviderId] }
}

const reportFiles = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'wak-loudly-'))
  dirs.push(dir)
  return { json: join(dir, 'report.json'), junit: join(dir, 'report.xml') }
}

const lastLine = (text: string) => text.trimEnd().split('\n').at(-1) ?? ''
const SUMMARY = /^(\d+) passed, (\d+) failed, (\d+) skipped$/

type JsonReport = {
  results: { checkId: string; operationId: string; outcome: string; reason?: string }[]
  skippedCases: { operationId: string; caseTitle: string; reason: string }[]
}

describe('worker-api-kit contract, failing loudly', () => {
  it.each([
    ['--only respond', ['--only', 'respond']],
    ["--only 'nosuch-*'", ['--only', 'nosuch-*']],
    ['--only responds,nosuch', ['--only', 'responds,nosuch']],
    ['--skip respond', ['--skip', 'respond']],
    ['--only strict-* without --strict', ['--only', 'strict-*']],
    ['--only responds --skip responds', ['--only', 'responds', '--skip', 'responds']],
  ])('refuses %s in one line listing the check ids, before any request', async (_, flags) => {
    const target = await serveMock()

    const { code, stdout, stderr } = await runCli(['contract', '--base-url', target.url, ...flags])

    expect(code, stdout + stderr).toBe(2)
    expect.soft(stderr.trimEnd().split('\n')).toHaveLength(1)
    expect.soft(stderr).toMatch(/^\[worker-api-kit\] --(only|skip) /)
    expect.soft(stderr).toContain('the check ids are: responds, no-server-error, ')
    expect.soft(stdout).toBe('')
    expect.soft(target.requestCount()).toBe(0)
  })

  it.each([
    ['--json', 'report.json'],
    ['--junit', 'report.xml'],
  ])('refuses %s into a missing folder in one line, before any request', async (flag, name) => {
    const target = await serveMock()
    const { json } = await reportFiles()
    const missing = join(json, '..', 'no-such-folder', name)

    const { code, stdout, stderr } = await runCli([
      'contract',
      '--base-url',
      target.url,
      flag,
      missing,
    ])

    expect(code, stdout + stderr).toBe(2)
    expect
      .soft(stderr)
      .toBe(
        `[worker-api-kit] ${flag} ${missing}: cannot write it (its folder ${join(missing, '..')} does not exist); pass a path in a writable directory.\n`,
      )
    expect.soft(stdout).toBe('')
    expect.soft(target.requestCount()).toBe(0)
  })

  it('refuses --json and --junit naming the same file before any request', async () => {
    const target = await serveMock()
    const { json } = await reportFiles()

    const { code, stderr } = await runCli([
      'contract',
      '--base-url',
      target.url,
      '--json',
      json,
      '--junit',
      json,
    ])

    expect(code).toBe(2)
    expect.soft(stderr).toMatch(/^\[worker-api-kit\] --json and --junit both name /)
    expect.soft(target.requestCount()).toBe(0)
  })

  it('lists every create case --max-creates 1 leaves unsent as skipped in console, JSON and JUnit', async () => {
    const target = await serveMock()
    const files = await reportFiles()

    const { code, stdout } = await runCli([
      'contract',
      '--base-url',
      target.url,
      ...target.ids,
      '--max-creates',
      '1',
      '--json',
      files.json,
      '--junit',
      files.junit,
    ])
    const report = JSON.parse(await readFile(files.json, 'utf8')) as JsonReport
    const junit = await readFile(files.junit, 'utf8')
    const skippedCases = report.skippedCases.filter((c) => c.reason === '--max-creates 1 reached')
    const skippedResults = report.results.filter((r) => r.outcome === 'skipped')
    const skippedTotal = skippedCases.length + skippedResults.length

    expect(code, stdout).toBe(0)
    expect(skippedCases.length).toBeGreaterThan(1)
    expect.soft(report.skippedCases).toEqual(skippedCases)
    expect.soft(skippedCases.every((c) => c.operationId === 'createWorker')).toBe(true)
    expect
      .soft(stdout)
      .toMatch(
        new RegExp(
          `^✓ accepts-valid-input · createWorker \\(1 exchange; ${skippedCases.length} createWorker cases not sent\\)$`,
          'm',
        ),
      )
    expect
      .soft(stdout)
      .toContain(
        `- createWorker: ${skippedCases.length} cases not sent (skipped), --max-creates 1 reached`,
      )
    expect.soft(stdout).toContain(`    · ${skippedCases[0]?.caseTitle}`)
    expect.soft(Number(lastLine(stdout).match(SUMMARY)?.[3])).toBe(skippedTotal)
    expect.soft(junit).toMatch(new RegExp(`<testsuites [^>]* skipped="${skippedTotal}"`))
    expect
      .soft(junit.match(/<skipped message="not sent: --max-creates 1 reached"\/>/g)?.length)
      .toBe(skippedCases.length)
  })

  it('lists the cases of the llm-provider operation as skipped without --org-id and --llm-provider-id', async () => {
    const target = await serveMock()
    const files = await reportFiles()

    const { code } = await runCli(['contract', '--base-url', target.url, '--json', files.json])
    const report = JSON.parse(await readFile(files.json, 'utf8')) as JsonReport

    expect(code).toBe(0)
    expect(report.skippedCases.length).toBeGreaterThan(0)
    expect
      .soft(report.skippedCases.filter((c) => c.operationId !== 'updateLlmProvider'))
      .toEqual([])
    expect.soft(report.skippedCases[0]?.reason).toMatch(/^needs --org-id and --llm-provider-id/)
  })

  it('lists the checks --only and --skip leave out as skipped, with the filter as the reason', async () => {
    const target = await serveMock()
    const files = await reportFiles()

    const { code, stdout } = await runCli([
      'contract',
      '--base-url',
      target.url,
      ...target.ids,
      '--only',
      'accepts-*,responds',
      '--skip',
      'responds',
      '--json',
      files.json,
    ])
    const { results } = JSON.parse(await readFile(files.json, 'utf8')) as JsonReport
    const judged = results.filter((r) => r.outcome !== 'skipped').map((r) => r.checkId)

    expect(code, stdout).toBe(0)
    expect.soft([...new Set(judged)]).toEqual(['accepts-valid-input'])
    expect
      .soft(results.find((r) => r.checkId === 'responds')?.reason)
      .toBe('left out by --skip responds')
    expect
      .soft(results.find((r) => r.checkId === 'no-server-error')?.reason)
      .toBe('not selected by --only accepts-*,responds')
    expect.soft(stdout).toMatch(/^- no-server-error · createWorker: skipped, not selected by /m)
  })
})
