import { ContractError } from '../contract/contract-error.js'
import { ScenarioError } from '../mock/scenario-error.js'
import { CliError } from './cli-error.js'

const isParseArgsError = (error: unknown): error is Error & { code: string } =>
  error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')

/**
 * The boundary between the library and the CLI: an expected failure as the CLI's one error, or
 * undefined for a bug. The library's errors keep their own message and code.
 */
export const cliErrorOf = (error: unknown, command: string): CliError | undefined => {
  if (error instanceof CliError) return error
  if (error instanceof ContractError) return new CliError(error.message, error.code)
  if (error instanceof ScenarioError) return new CliError(error.message, 'E_USAGE')
  if (isParseArgsError(error)) {
    // node's messages can span lines (e.g. "ambiguous" `--seed -1`): one line, as promised
    const message = error.message.replace(/\s*\n\s*/g, ' ').replace(/\.?$/, '.')
    return new CliError(
      `[worker-api-kit] ${message} Run 'worker-api-kit ${command} --help' for its options.`,
      'E_USAGE',
    )
  }
  return undefined
}
