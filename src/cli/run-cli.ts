import { parseArgs } from 'node:util'
import type { Command, Io } from './command.js'
import { contract } from './commands/contract.js'
import { fixtures } from './commands/fixtures.js'
import { mock } from './commands/mock.js'
import { openapi } from './commands/openapi.js'
import { proxy } from './commands/proxy.js'
import { CliError, EXIT } from './usage-error.js'

const COMMANDS: readonly Command[] = [mock, contract, proxy, openapi, fixtures]

const USAGE = `worker-api-kit: mock server and contract-testing kit for the Worker and LLM Provider API

Usage: worker-api-kit <command> [options]

Commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(10)} ${c.summary}`).join('\n')}

Run 'worker-api-kit <command> --help' for a command's options.`

const isParseArgsError = (error: unknown): error is Error & { code: string } =>
  error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')

/** Runs one command line; resolves to the exit code. Never exits the process itself. */
export const runCli = async (argv: readonly string[], io: Io): Promise<number> => {
  const [name, ...rest] = argv
  if (name === undefined) {
    io.err(USAGE)
    return EXIT.usage
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    io.out(USAGE)
    return EXIT.ok
  }
  const command = COMMANDS.find((c) => c.name === name)
  if (!command) {
    io.err(
      `[worker-api-kit] unknown command '${name}'; use one of ${COMMANDS.map((c) => c.name).join(', ')}. Run 'worker-api-kit --help' for usage.`,
    )
    return EXIT.usage
  }
  try {
    const { values } = parseArgs({
      args: [...rest],
      options: { ...command.options, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    })
    if (values.help === true) {
      io.out(command.usage)
      return EXIT.ok
    }
    return await command.run(values, io)
  } catch (error) {
    if (isParseArgsError(error)) {
      // node's messages can span lines (e.g. "ambiguous" `--seed -1`): one line, as promised
      const message = error.message.replace(/\s*\n\s*/g, ' ').replace(/\.?$/, '.')
      io.err(`[worker-api-kit] ${message} Run 'worker-api-kit ${name} --help' for its options.`)
      return EXIT.usage
    }
    if (error instanceof CliError) {
      io.err(error.message)
      return error.exitCode
    }
    throw error
  }
}
