// Pins the help of every command, byte for byte: the texts are generated from the commands' option
// declarations, and scripts and users read them. The expected texts are in test/cli/help/. Run
// in-process (src/cli/run-cli.ts, as the bin runs it); the usage with no command, exit 2, spawns the
// built bin: `npm test` builds first; alone, run `npm run build` before vitest.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { runCli } from '../helpers/cli-in-process.js'
import { runCli as runBin } from '../helpers/spawn-cli.js'

const expected = (name: string) =>
  readFileSync(new URL(`help/${name}.txt`, import.meta.url), 'utf8')

const COMMANDS = ['mock', 'contract', 'proxy', 'pact', 'openapi', 'fixtures'] as const

describe('worker-api-kit help', () => {
  it.each(COMMANDS)('prints the exact help of %s with --help and -h, and exits 0', async (name) => {
    const long = await runCli([name, '--help'])
    const short = await runCli([name, '-h'])

    expect.soft(long.code).toBe(0)
    expect.soft(long.stderr).toBe('')
    expect.soft(long.stdout).toBe(expected(name))
    expect.soft(short.code).toBe(0)
    expect.soft(short.stdout).toBe(expected(name))
  })

  it.each(['--help', '-h', 'help'])('prints the exact top-level help with %s', async (flag) => {
    const { code, stdout, stderr } = await runCli([flag])

    expect.soft(code).toBe(0)
    expect.soft(stderr).toBe('')
    expect.soft(stdout).toBe(expected('top-level'))
  })

  it('prints the exact top-level help on stderr and exits 2 when no command is given, as the bin', async () => {
    const { code, stdout, stderr } = await runBin([])

    expect.soft(code).toBe(2)
    expect.soft(stdout).toBe('')
    expect.soft(stderr).toBe(expected('top-level'))
  })
})
