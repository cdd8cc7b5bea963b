// The boundary between the library's errors and the CLI's one error, in-process.
import { parseArgs } from 'node:util'
import { describe, expect, it } from 'vitest'
import { CliError, EXIT } from '../../src/cli/cli-error.js'
import { cliErrorOf } from '../../src/cli/cli-error-of.js'
import { ContractError } from '../../src/contract/contract-error.js'
import { ScenarioError } from '../../src/mock/scenario-error.js'

const parseArgsErrorOf = (args: string[]) => {
  try {
    parseArgs({ args, options: { seed: { type: 'string' } }, strict: true })
  } catch (error) {
    return error
  }
  throw new Error('parseArgs accepted the arguments')
}

describe('cliErrorOf', () => {
  it.each([
    ['E_USAGE', EXIT.usage],
    ['E_UNREACHABLE', EXIT.usage],
    ['E_LISTEN', EXIT.usage],
    ['E_STALE', EXIT.failed],
  ] as const)('keeps a CliError of kind %s, whose exit code is %i', (kind, exitCode) => {
    const error = new CliError('[worker-api-kit] message', kind)

    expect.soft(cliErrorOf(error, 'mock')).toBe(error)
    expect.soft(error.exitCode).toBe(exitCode)
  })

  it.each(['E_USAGE', 'E_UNREACHABLE'] as const)(
    'turns a ContractError %s into the CLI error of the same kind and message',
    (code) => {
      const mapped = cliErrorOf(new ContractError('[worker-api-kit] no.', code), 'contract')

      expect.soft(mapped?.code).toBe(code)
      expect.soft(mapped?.message).toBe('[worker-api-kit] no.')
      expect.soft(mapped?.exitCode).toBe(EXIT.usage)
    },
  )

  it('turns a ScenarioError into a usage error with its message', () => {
    const error = new ScenarioError('x.json', [{ pointer: '/seed', message: 'Too big' }])
    const mapped = cliErrorOf(error, 'mock')

    expect.soft(mapped?.code).toBe('E_USAGE')
    expect.soft(mapped?.message).toBe(error.message)
  })

  it("turns node's parse error into one line that names the command's help", () => {
    const mapped = cliErrorOf(parseArgsErrorOf(['--nope']), 'proxy')

    expect.soft(mapped?.code).toBe('E_USAGE')
    expect
      .soft(mapped?.message)
      .toMatch(
        /^\[worker-api-kit\] .*'--nope'.*\. Run 'worker-api-kit proxy --help' for its options\.$/,
      )
    expect.soft(mapped?.message).not.toContain('\n')
  })

  it('leaves any other error to the caller (a bug, not an expected failure)', () => {
    expect(cliErrorOf(new Error('bug'), 'mock')).toBeUndefined()
  })
})
