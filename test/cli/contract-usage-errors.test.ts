// Usage errors of the contract command come alone (no banner first, one clear line), both
// commands take the same seeds, and the contract line the mock prints works under auth. Run in-process
// (src/cli/run-cli.ts, as the bin runs it).
import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { MAX_SEED } from '../../src/common/max-seed.js'
import { createMockApp } from '../../src/mock/app.js'
import { cleanUpAfterEach } from '../helpers/clean-up.js'
import { runCli, startMock } from '../helpers/cli-in-process.js'
import { startAppServer, type TestServer } from '../helpers/hostile-server.js'
import { contractTargetOf } from '../helpers/mock-banner.js'

const { servers, dirs } = cleanUpAfterEach<TestServer>()

const serveMock = async () => {
  const server = await startAppServer(createMockApp())
  servers.push(server)
  return server
}

const ORG_ID = 'org_01kdvdna00ezebs8vrjvkdzfyj'

describe('worker-api-kit contract usage errors', () => {
  it.each([
    [
      '--org-id alone',
      ['--org-id', ORG_ID],
      'pass both --org-id and --llm-provider-id, or neither.',
    ],
    ['a bad --org-id', ['--org-id', 'nope', '--llm-provider-id', 'nope'], '--org-id "nope"'],
    [
      'credentials in --base-url',
      ['--base-url', 'http://user:pass@127.0.0.1:1'],
      'put credentials in a header',
    ],
    ['--seed above the bound', ['--seed', String(MAX_SEED + 1)], `from 0 to ${MAX_SEED}`],
  ])('prints one line and no banner for %s, and sends nothing', async (_, flags, expected) => {
    const target = await serveMock()

    const { code, stdout, stderr } = await runCli(['contract', '--base-url', target.url, ...flags])

    expect(code, stdout + stderr).toBe(2)
    expect.soft(stdout).toBe('')
    expect.soft(stderr.trimEnd().split('\n')).toHaveLength(1)
    expect.soft(stderr).toMatch(/^\[worker-api-kit\] /)
    expect.soft(stderr).toContain(expected)
    expect.soft(stderr).not.toContain('will be skipped')
    expect.soft(target.requestCount()).toBe(0)
  })

  it('accepts the largest seed the mock accepts, and refuses the next one with the same message', async () => {
    const target = await serveMock()

    const contract = await runCli([
      'contract',
      '--base-url',
      target.url,
      '--seed',
      String(MAX_SEED),
      '--quiet',
    ])
    const [contractTooBig, mockTooBig] = await Promise.all([
      runCli(['contract', '--base-url', target.url, '--seed', String(MAX_SEED + 1)]),
      runCli(['mock', '--port', '0', '--seed', String(MAX_SEED + 1)]),
    ])

    expect(contract.code, contract.stdout + contract.stderr).toBe(0)
    expect.soft(contract.stdout).toContain(`(seed ${MAX_SEED}, `)
    expect.soft(contractTooBig.code).toBe(2)
    expect.soft(mockTooBig.code).toBe(2)
    expect.soft(contractTooBig.stderr).toBe(mockTooBig.stderr)
  })
})

describe('the contract line of the mock banner', () => {
  it.each([
    ['--auth', ['--auth'], true],
    ['--scenario auth-required', ['--scenario', 'auth-required'], true],
    ['no auth', [], false],
  ])(
    'carries an Authorization placeholder header exactly when auth is on (%s)',
    async (_, args, isAuth) => {
      const mock = await startMock(args)
      const line = mock.cli.stdout().match(/^ {2}contract +(.+)$/m)?.[1] ?? ''

      expect(line).toContain(`contract --base-url ${mock.url} --org-id `)
      if (isAuth) expect(line).toMatch(/ -H 'Authorization: Bearer contract-run'$/)
      else expect(line).not.toContain('Authorization')
    },
  )

  it('runs as printed against a mock in auth mode, and passes', async () => {
    const mock = await startMock(['--auth', '--quiet'])
    const line = mock.cli.stdout().match(/^ {2}contract +.* contract (.+)$/m)?.[1] ?? ''
    const headers = [...line.matchAll(/ -H '([^']+)'/g)].flatMap((m) => ['-H', m[1] ?? ''])
    const args = line.replace(/ -H '[^']+'/g, '').split(' ')
    const run = await runCli(['contract', ...args, ...headers, '--quiet'], { timeoutMs: 60_000 })
    const state = await fetch(`${mock.url}/__mock/state`, {
      headers: { authorization: 'Bearer contract-run' },
    }).then((res) => res.json() as Promise<{ workers: unknown[] }>) // the admin state's shape
    expect.soft(run.stdout.trim().split('\n').at(-1)).toMatch(/^\d+ passed, 0 failed, \d+ skipped$/)
    expect.soft(run.code).toBe(0)
    // The run kept to its own session: the developer's default one has only its seeded workers.
    expect.soft(state.workers).toHaveLength(3)
  })
})

describe('a contract run in its own session', () => {
  it("keeps the session's name readable in the report's worker names (a label, not a credential)", async () => {
    const mock = await startMock(['--quiet'])
    const dir = await mkdtemp(join(tmpdir(), 'wak-session-'))
    dirs.push(dir)
    const json = join(dir, 'report.json')
    const run = await runCli(
      ['contract', ...contractTargetOf(mock), '-H', 'x-mock-session: contract', '--json', json],
      { timeoutMs: 60_000 },
    )
    const report = await readFile(json, 'utf8')
    expect.soft(run.code).toBe(0)
    expect.soft(report).not.toContain('wak-[REDACTED]')
    expect.soft(report).not.toContain('x-mock-session: [REDACTED]')
    expect.soft(report).toContain('wak-contract-')
  })
})
