// Credentials kept out of the process list: `-H "Name: env:VAR"` and `--header-file FILE`. What
// reaches the server, and the usage errors (exit 2) that name the variable, file or line but never
// print a value. Run in-process (src/cli/run-cli.ts, as the bin runs it), but where the process is
// the subject: its argument list, and reads of a device or a FIFO (a read that blocks would block
// a test's process) spawn the built bin: `npm test` builds first; alone, run `npm run build` first.
import { execFileSync } from 'node:child_process'
import { mkdtemp, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cleanUpAfterEach } from '../helpers/clean-up.js'
import { runCli } from '../helpers/cli-in-process.js'
import { type EchoServer, startEchoServer } from '../helpers/echo-server.js'
import { spawnCli } from '../helpers/spawn-cli.js'

const TOKEN = 'PLANTED-env-token-0a9b8c'
const FILE_KEY = 'PLANTED-file-key-7d6e5f'
const OTHER = 'PLANTED-other-value-3c2b'

const { servers, dirs } = cleanUpAfterEach<EchoServer>()

const tempDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'wak-headers-'))
  dirs.push(dir)
  return dir
}

const echo = async () => {
  const server = await startEchoServer()
  servers.push(server)
  return server
}

/** Runs `contract` with `env` added in-process. */
const contract = (args: readonly string[], env: Record<string, string> = {}) =>
  runCli(['contract', '--runs', '1', '--quiet', ...args], {
    env: { ...process.env, ...env },
    timeoutMs: 30_000,
  })

/** Runs `contract` with `env` added as the bin; returns its exit and the arguments it was started with. */
const contractBin = async (args: readonly string[], env: Record<string, string> = {}) => {
  const cli = spawnCli(['contract', '--runs', '1', '--quiet', ...args], {
    env: { ...process.env, ...env },
  })
  const argv = cli.child.spawnargs.join(' ')
  return { ...(await cli.exit(30_000)), argv }
}

describe('contract credentials from the environment and from a file', () => {
  it('sends the value of env:VAR and the lines of --header-file, none of them in its arguments', async () => {
    const server = await echo()
    const dir = await tempDir()
    const file = join(dir, 'headers')
    await writeFile(file, `# CI\r\nX-Client-Key: ${FILE_KEY}\r\n\r\nX-Trace:  keep  \r\n`)

    const run = await contractBin(
      ['--base-url', server.url, '-H', 'Authorization: env:WAK_TOKEN', '--header-file', file],
      { WAK_TOKEN: `Bearer ${TOKEN}` },
    )

    expect(run.code, run.stdout + run.stderr).toBe(1) // the echo server breaks the contract
    expect.soft(server.received()[0]).toMatchObject({
      authorization: `Bearer ${TOKEN}`,
      'x-client-key': FILE_KEY,
      'x-trace': 'keep',
    })
    expect.soft(run.argv).not.toContain(TOKEN)
    expect.soft(run.argv).not.toContain(FILE_KEY)
    expect.soft(run.stdout + run.stderr).not.toContain(TOKEN)
  })

  it('lets -H replace a header of the same name from --header-file', async () => {
    const server = await echo()
    const file = join(await tempDir(), 'headers')
    await writeFile(file, `x-client-key: ${FILE_KEY}\n`)

    await contract([
      '--base-url',
      server.url,
      '--header-file',
      file,
      '-H',
      `X-Client-Key: ${OTHER}`,
    ])

    expect(server.received()[0]?.['x-client-key']).toBe(OTHER)
  })

  it.each([
    [
      'an unset variable',
      {},
      /-H Authorization: env:WAK_UNSET names an environment variable that is not set/,
    ],
    [
      'an empty variable',
      { WAK_UNSET: '' },
      /env:WAK_UNSET names an environment variable that is empty/,
    ],
    [
      'a value with a line break',
      { WAK_UNSET: `Bearer ${TOKEN}\r\nX-Injected: 1` },
      /-H Authorization \(from WAK_UNSET\): the value holds a line break/,
    ],
  ])('exits 2 naming the variable for %s, printing no value', async (_what, env, message) => {
    const run = await contract(
      [
        '--base-url',
        'http://127.0.0.1:9',
        '-H',
        'Authorization: env:WAK_UNSET',
        '-H',
        `X-Api-Key: ${OTHER}`,
      ],
      env,
    )

    expect(run.code).toBe(2)
    expect.soft(run.stderr.trimEnd().split('\n')).toHaveLength(1)
    expect.soft(run.stderr).toMatch(message)
    expect.soft(run.stderr + run.stdout).not.toContain(OTHER)
    expect.soft(run.stderr + run.stdout).not.toContain(TOKEN)
  })

  it.each([
    [
      'a missing file',
      async (dir: string) => join(dir, 'missing'),
      /--header-file \S+missing: cannot read it \(ENOENT\)/,
      contract,
    ],
    [
      'a line without a colon',
      async (dir: string) => {
        const file = join(dir, 'bad')
        await writeFile(file, `# ok\nAuthorization: Bearer ${OTHER}\n${TOKEN}\n`)
        return file
      },
      /--header-file \S+bad line 3: expected "Name: value"/,
      contract,
    ],
    [
      'a directory',
      async (dir: string) => dir,
      /--header-file \S+: cannot read it \(EISDIR\)/,
      contract,
    ],
    [
      'a symlink to /dev/zero (read no further than its bound)',
      async (dir: string) => {
        const file = join(dir, 'zero')
        await symlink('/dev/zero', file)
        return file
      },
      /--header-file \S+zero: cannot read it \(a device, not a regular file\)/,
      contractBin,
    ],
    [
      'a FIFO (opened without waiting for a writer)',
      async (dir: string) => {
        const file = join(dir, 'fifo')
        execFileSync('mkfifo', [file])
        return file
      },
      /--header-file \S+fifo: cannot read it \(a FIFO, not a regular file\)/,
      contractBin,
    ],
  ])('exits 2 for %s, printing no value', async (_what, fileIn, message, runAs) => {
    const file = await fileIn(await tempDir())

    const run = await runAs(['--base-url', 'http://127.0.0.1:9', '--header-file', file])

    expect(run.code).toBe(2)
    expect.soft(run.stderr.trimEnd().split('\n')).toHaveLength(1)
    expect.soft(run.stderr).toMatch(message)
    expect.soft(run.stderr + run.stdout).not.toContain(OTHER)
    expect.soft(run.stderr + run.stdout).not.toContain(TOKEN)
  })
})
