// Run in-process (src/cli/run-cli.ts, as the bin runs it); the check of the committed fixtures
// spawns the built bin: `npm test` builds first; alone, run `npm run build` before vitest.
import { readdirSync } from 'node:fs'
import { mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runCli, stopRunning } from '../helpers/cli-in-process.js'
import { killSpawned, REPO_ROOT, runCli as runBin } from '../helpers/spawn-cli.js'

const COMMITTED = join(REPO_ROOT, 'fixtures')

/** Every file under a folder, as a sorted list of paths relative to it. */
const filesUnder = (dir: string, prefix = ''): string[] =>
  readdirSync(join(dir, prefix), { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? filesUnder(dir, join(prefix, entry.name)) : [join(prefix, entry.name)],
    )
    .sort()

let dir: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'worker-api-kit-fixtures-'))
})

afterEach(async () => {
  await Promise.all([killSpawned(), stopRunning()])
  await rm(dir, { recursive: true, force: true })
})

/** Writes a fresh set of fixtures into `dir/out` and returns that folder. */
const freshFixtures = async () => {
  const out = join(dir, 'out')
  const { code, stderr } = await runCli(['fixtures', '--dir', out])
  if (code !== 0) throw new Error(`fixtures --dir failed: ${stderr}`)
  return out
}

describe('worker-api-kit fixtures', () => {
  it('exits 0 with --check on the committed fixtures/, as the bin', async () => {
    const { code, stdout, stderr } = await runBin(['fixtures', '--check'])

    expect.soft(code).toBe(0)
    expect.soft(stdout).toMatch(/^fixtures\/ is up to date \(\d+ files\)\.\n$/)
    expect.soft(stderr).toBe('')
  })

  it('writes with --dir the same files as the committed ones', async () => {
    const out = join(dir, 'nested', 'fixtures')

    const { code, stdout, stderr } = await runCli(['fixtures', '--dir', out])

    expect(code).toBe(0)
    expect.soft(stdout).toMatch(/^wrote \d+ files to .*nested\/fixtures\/\n$/)
    expect.soft(stderr).toBe('')
    const files = filesUnder(COMMITTED)
    expect(filesUnder(out)).toEqual(files)
    for (const file of files) {
      expect
        .soft(await readFile(join(out, file), 'utf8'), file)
        .toBe(await readFile(join(COMMITTED, file), 'utf8'))
    }
  })

  it('exits 1 with --check on a stale file, names it and leaves it alone', async () => {
    const out = await freshFixtures()
    await writeFile(join(out, 'workers', 'running.json'), '{"worker":{}}\n')

    const { code, stdout, stderr } = await runCli(['fixtures', '--check', '--dir', out])

    expect.soft(code).toBe(1)
    expect.soft(stdout).toBe('')
    expect.soft(stderr).toMatch(/^\[worker-api-kit\] .*workers\/running\.json is stale/)
    expect.soft(stderr.trimEnd().split('\n')).toHaveLength(1)
    expect
      .soft(await readFile(join(out, 'workers', 'running.json'), 'utf8'))
      .toBe('{"worker":{}}\n')
  })

  it('exits 1 with --check on a missing file and names it', async () => {
    const out = await freshFixtures()
    await unlink(join(out, 'problems', 'validation.json'))

    const { code, stderr } = await runCli(['fixtures', '--check', '--dir', out])

    expect.soft(code).toBe(1)
    expect.soft(stderr).toMatch(/problems\/validation\.json is missing/)
  })

  it('exits 1 with --check on an extra file, and a write removes it', async () => {
    const out = await freshFixtures()
    await writeFile(join(out, 'problems', 'teapot.json'), '{}\n')
    await writeFile(join(out, 'notes.txt'), 'kept\n')

    const check = await runCli(['fixtures', '--check', '--dir', out])
    const write = await runCli(['fixtures', '--dir', out])
    const again = await runCli(['fixtures', '--check', '--dir', out])

    expect.soft(check.code).toBe(1)
    expect.soft(check.stderr).toMatch(/problems\/teapot\.json is extra/)
    expect.soft(write.code).toBe(0)
    expect.soft(again.code, again.stderr).toBe(0)
    expect.soft(filesUnder(out)).toContain('notes.txt')
    expect.soft(filesUnder(out)).not.toContain('problems/teapot.json')
  })

  it('exits 1 with --check on an extra top-level JSON file, and a write removes it', async () => {
    const out = await freshFixtures()
    await writeFile(join(out, 'create-worker-legacy.json'), '{}\n')

    const check = await runCli(['fixtures', '--check', '--dir', out])
    const write = await runCli(['fixtures', '--dir', out])
    const again = await runCli(['fixtures', '--check', '--dir', out])

    expect.soft(check.code).toBe(1)
    expect.soft(check.stderr).toMatch(/create-worker-legacy\.json is extra/)
    expect.soft(write.code).toBe(0)
    expect.soft(again.code, again.stderr).toBe(0)
    expect.soft(filesUnder(out)).not.toContain('create-worker-legacy.json')
  })

  it('exits 1 with --check on an empty folder and counts what it does not name', async () => {
    const { code, stderr } = await runCli(['fixtures', '--check', '--dir', dir])

    expect.soft(code).toBe(1)
    expect.soft(stderr).toMatch(/is missing, .* and \d+ more; run 'worker-api-kit fixtures'/)
  })

  it('exits 2 with one [worker-api-kit] line on stderr for an unknown flag', async () => {
    const { code, stdout, stderr } = await runCli(['fixtures', '--chek'])

    expect.soft(code).toBe(2)
    expect.soft(stdout).toBe('')
    expect.soft(stderr.trimEnd().split('\n')).toHaveLength(1)
    expect.soft(stderr).toMatch(/^\[worker-api-kit\] /)
  })
})
