// Run in-process (src/cli/run-cli.ts, as the bin runs it); the check of the committed document
// spawns the built bin: `npm test` builds first; alone, run `npm run build` before vitest.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runCli, stopRunning } from '../helpers/cli-in-process.js'
import { killSpawned, REPO_ROOT, runCli as runBin } from '../helpers/spawn-cli.js'

const COMMITTED = join(REPO_ROOT, 'openapi', 'openapi.json')

let dir: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'worker-api-kit-openapi-'))
})

afterEach(async () => {
  await Promise.all([killSpawned(), stopRunning()])
  await rm(dir, { recursive: true, force: true })
})

describe('worker-api-kit openapi', () => {
  it('exits 0 with --check on the committed openapi/openapi.json, as the bin', async () => {
    const { code, stdout, stderr } = await runBin(['openapi', '--check'])

    expect.soft(code).toBe(0)
    expect.soft(stdout).toBe('openapi/openapi.json is up to date.\n')
    expect.soft(stderr).toBe('')
  })

  it('writes with --out a file equal to the committed one', async () => {
    const out = join(dir, 'nested', 'openapi.json')

    const { code, stdout, stderr } = await runCli(['openapi', '--out', out])

    expect(code).toBe(0)
    expect.soft(stdout).toBe(`wrote ${out}\n`)
    expect.soft(stderr).toBe('')
    expect.soft(await readFile(out, 'utf8')).toBe(await readFile(COMMITTED, 'utf8'))
  })

  it('exits 1 with --check on a stale file, says stale and leaves the file alone', async () => {
    const out = join(dir, 'openapi.json')
    await writeFile(out, '{"openapi":"3.1.0"}\n')

    const { code, stdout, stderr } = await runCli(['openapi', '--check', '--out', out])

    expect.soft(code).toBe(1)
    expect.soft(stdout).toBe('')
    expect.soft(stderr).toMatch(/^\[worker-api-kit\] .*\bstale\b/)
    expect.soft(await readFile(out, 'utf8')).toBe('{"openapi":"3.1.0"}\n')
  })

  it('exits 1 with --check on a missing file, says missing and writes nothing', async () => {
    const out = join(dir, 'absent.json')

    const { code, stdout, stderr } = await runCli(['openapi', '--check', '--out', out])

    expect.soft(code).toBe(1)
    expect.soft(stdout).toBe('')
    expect.soft(stderr).toMatch(/^\[worker-api-kit\] .*\bmissing\b/)
    await expect.soft(readFile(out, 'utf8')).rejects.toMatchObject({ code: 'ENOENT' })
  })

  it('exits 2 with one [worker-api-kit] line on stderr for an unknown flag', async () => {
    const { code, stdout, stderr } = await runCli(['openapi', '--chek'])

    expect.soft(code).toBe(2)
    expect.soft(stdout).toBe('')
    expect.soft(stderr.trimEnd().split('\n')).toHaveLength(1)
    expect.soft(stderr).toMatch(/^\[worker-api-kit\] /)
  })
})
