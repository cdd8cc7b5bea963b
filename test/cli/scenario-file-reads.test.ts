// Spawns the built bin where the process is the subject: a read that blocks or grows without bound
// (it would block or bloat a test's own process), and the mock's peak memory. `npm test` builds
// first; alone, run `npm run build` before vitest. The rest runs in-process (src/cli/run-cli.ts).
import { execFileSync } from 'node:child_process'
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cleanUpAfterEach } from '../helpers/clean-up.js'
import { runCli as runInProcess } from '../helpers/cli-in-process.js'
import { runCli, startMock } from '../helpers/spawn-cli.js'

const { dirs } = cleanUpAfterEach()

/** Each start-up must end well within this: a read that never ends is killed here. */
const EXIT_WAIT_MS = 8_000
const RELOAD_WAIT_MS = 5_000
/** The mock's own peak memory (~70 MB idle) with room to spare; reading /dev/zero took 2.4 GB. */
const MAX_PEAK_RSS_KB = 400 * 1024

const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'wak-scenario-reads-'))
  dirs.push(dir)
  return dir
}

/** Each kind of path that is not a regular file, made in `dir` under `name`. */
const NOT_FILES = {
  'a symlink to /dev/zero': (path: string) => symlinkSync('/dev/zero', path),
  'a FIFO': (path: string) => execFileSync('mkfifo', [path]),
  'a directory': (path: string) => mkdirSync(path),
} as const

/** The process's peak resident memory in kB (Linux's VmHWM). */
const peakRssKb = (pid: number | undefined) =>
  Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmHWM:\s+(\d+) kB$/m)?.[1])

const create = (url: string) =>
  fetch(`${url}/v1/workers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'still here', destination: 'local' }),
    signal: AbortSignal.timeout(RELOAD_WAIT_MS),
  })

const linesOf = (text: string) => text.split('\n').filter((line) => line.trim() !== '')

describe('worker-api-kit mock reads a scenario file within its bound', () => {
  it.each(Object.keys(NOT_FILES) as (keyof typeof NOT_FILES)[])(
    'exits 2 at start-up with one line for %s, reading nothing',
    async (kind) => {
      const file = join(tempDir(), 'scenario.json')
      NOT_FILES[kind](file)

      const exit = await runCli(['mock', '--port', '0', '--scenario', file], {
        timeoutMs: EXIT_WAIT_MS,
      })

      expect.soft(exit.code).toBe(2)
      expect.soft(exit.stdout).toBe('')
      expect.soft(linesOf(exit.stderr)).toHaveLength(1)
      expect.soft(exit.stderr).toMatch(/^\[worker-api-kit\] scenario .* is invalid: cannot read: /)
      expect.soft(exit.stderr).toContain(file)
    },
  )

  it('exits 2 at start-up with one line naming the place of a too deeply nested value', async () => {
    const file = join(tempDir(), 'deep.json')
    const depth = 100_000
    writeFileSync(
      file,
      `{"name":"deep","rules":[{"respond":{"status":200,"body":${'['.repeat(depth)}${']'.repeat(depth)}}}]}`,
    )

    const exit = await runInProcess(['mock', '--port', '0', '--scenario', file], {
      timeoutMs: EXIT_WAIT_MS,
    })

    expect.soft(exit.code).toBe(2)
    expect.soft(linesOf(exit.stderr)).toHaveLength(1)
    expect.soft(exit.stderr).not.toContain('    at ')
    expect
      .soft(exit.stderr)
      .toMatch(/scenario .*deep\.json is invalid: \/rules\/0\/respond\/body(\/0)+: nested deeper/)
  })

  it.each(Object.keys(NOT_FILES) as (keyof typeof NOT_FILES)[])(
    'keeps serving the previous scenario under --watch when the file turns into %s',
    async (kind) => {
      const dir = tempDir()
      const file = join(dir, 'watched.json')
      writeFileSync(file, JSON.stringify({ name: 'watched' }))
      const mock = await startMock(['--scenario', file, '--watch', '--quiet'])

      // Made beside it, then renamed over it (a directory cannot be): one change of the name.
      if (kind === 'a directory') {
        rmSync(file)
        NOT_FILES[kind](file)
      } else {
        NOT_FILES[kind](join(dir, 'next'))
        renameSync(join(dir, 'next'), file)
      }
      // At the line, not at a poll; its absence within the wait fails the assertions below.
      await mock.cli
        .waitForStderr(/keeping the previous scenario/, RELOAD_WAIT_MS)
        .catch(() => undefined)

      expect.soft(linesOf(mock.cli.stderr())).toHaveLength(1)
      expect
        .soft(mock.cli.stderr())
        .toMatch(/watched\.json is invalid: cannot read: .*\(keeping the previous scenario\)/)
      expect.soft((await create(mock.url)).status).toBe(201)
      expect.soft(peakRssKb(mock.cli.child.pid)).toBeLessThan(MAX_PEAK_RSS_KB)
    },
  )
})
