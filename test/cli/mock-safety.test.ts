// Run in-process (src/cli/run-cli.ts, as the bin runs it); the end of a hanging request at SIGTERM,
// with the process's exit, spawns the built bin: `npm test` builds first; alone, run
// `npm run build` before vitest.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, onTestFinished } from 'vitest'
import { runCli, startCli, startMock, stopRunning } from '../helpers/cli-in-process.js'
import { killSpawned, startMock as startBinMock } from '../helpers/spawn-cli.js'

afterEach(() => Promise.all([killSpawned(), stopRunning()]))

const FETCH_TIMEOUT_MS = 5_000
const WAIT_MS = 3_000

const tempFile = (name: string, value: unknown) => {
  const dir = mkdtempSync(join(tmpdir(), 'wak-cli-safety-'))
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
  const file = join(dir, name)
  writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value))
  return file
}

const create = (url: string) =>
  fetch(`${url}/v1/workers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'cli', destination: 'local' }),
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  })

/** A worker whose age is a valid integer but no valid date once subtracted from now. */
const FAR_PAST = { name: 'far-past', state: { workers: [{ ageMs: 9_000_000_000_000_000 }] } }

describe('mock safety', () => {
  it('refuses at start a scenario whose values could not build, naming the field, not the network', async () => {
    const file = tempFile('far-past.json', FAR_PAST)
    const exit = await runCli(['mock', '--port', '0', '--scenario', file])
    expect.soft(exit.code).toBe(2)
    expect
      .soft(exit.stderr)
      .toMatch(/^\[worker-api-kit\] scenario .* is invalid: \/state\/workers\/0\/ageMs/)
    expect.soft(exit.stderr).not.toMatch(/cannot listen|check --host/)
  })

  it('keeps running on the previous scenario when a watched file turns into one that cannot build', async () => {
    const file = tempFile('watched.json', { name: 'watched' })
    const mock = await startMock(['--scenario', file, '--watch', '--quiet'])
    writeFileSync(file, JSON.stringify(FAR_PAST))
    // At the line, not at a poll; its absence within the wait fails the assertions below.
    await mock.cli.waitForStderr(/keeping the previous scenario/, WAIT_MS).catch(() => undefined)
    expect
      .soft(mock.cli.stderr())
      .toMatch(/\/state\/workers\/0\/ageMs.*keeping the previous scenario/)
    expect.soft(mock.cli.stderr().trim().split('\n')).toHaveLength(1)
    const res = await create(mock.url)
    expect.soft(res.status).toBe(201)
  })

  it('refuses a scenario file over 1 MiB before reading it', async () => {
    const file = tempFile('huge.json', `{"name":"huge","description":"${'x'.repeat(1_100_000)}"}`)
    const exit = await runCli(['mock', '--port', '0', '--scenario', file])
    expect.soft(exit.code).toBe(2)
    expect.soft(exit.stderr).toMatch(/a scenario file has at most 1048576/)
  })

  it('ends a pending scenario hang at SIGTERM and exits at once', async () => {
    const file = tempFile('hang.json', {
      name: 'hang',
      rules: [{ fault: 'hang', hangMs: 120_000 }],
    })
    const mock = await startBinMock(['--scenario', file, '--quiet'])
    const pending = create(mock.url).then(
      (res) => res.status,
      () => 'closed',
    )
    await new Promise((resolve) => setTimeout(resolve, 200))
    mock.cli.signal('SIGTERM')
    // The hang lasts two minutes: an exit within the wait proves it ended at the signal.
    expect(await mock.cli.exit(10_000)).toMatchObject({ code: 0 })
    expect(await pending).toBe('closed')
  })

  it('warns in one line that a mock on 0.0.0.0 and its admin API are reachable from the network', async () => {
    const cli = startCli(['mock', '--host', '0.0.0.0', '--port', '0', '--quiet'])
    await cli.waitForStdout(/Press Ctrl\+C to stop\./)
    expect(cli.stderr().trim().split('\n')).toEqual([
      '[worker-api-kit] warning: listening on 0.0.0.0, so the mock and its admin API are reachable from the network; pass --admin-token to protect the admin API.',
    ])
  })

  it('reads --admin-token from the environment with env:VAR and protects the admin API with it', async () => {
    const mock = await startMock(['--admin-token', 'env:WAK_TEST_ADMIN_TOKEN', '--quiet'], {
      env: { ...process.env, WAK_TEST_ADMIN_TOKEN: 'tok-from-env-123' },
    })
    const get = (headers: Record<string, string>) =>
      fetch(`${mock.url}/__mock/state`, { headers, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) })
    expect.soft((await get({})).status).toBe(401)
    expect.soft((await get({ authorization: 'Bearer tok-from-env-123' })).status).toBe(200)
    expect.soft(mock.cli.stdout()).not.toContain('tok-from-env-123')
  })

  it.each([
    [
      ['--admin-token', 'env:WAK_NOT_SET_ANYWHERE'],
      /--admin-token: env:WAK_NOT_SET_ANYWHERE names an environment variable that is empty/,
    ],
    [['--cors', 'localhost:5173'], /--cors takes an origin such as http:\/\/localhost:5173/],
    [['--cors', 'http://a.test/path'], /--cors takes an origin/],
    [['--cors', '*', '--cors', 'http://a.test'], /--cors \* cannot be combined/],
    [['--allowed-host', 'http://evil.example'], /--allowed-host takes a host name/],
    [['--allowed-host', 'a b'], /--allowed-host takes a host name/],
  ])('exits 2 with one line for %j', async (args, message) => {
    const exit = await runCli(['mock', '--port', '0', ...args], {
      env: { ...process.env, WAK_NOT_SET_ANYWHERE: '' },
    })
    expect.soft(exit.code).toBe(2)
    expect.soft(exit.stderr.trim().split('\n')).toHaveLength(1)
    expect.soft(exit.stderr).toMatch(message)
  })
})
