import { EXIT } from './cli-error.js'
import { cliErrorOf } from './cli-error-of.js'
import type { Io } from './command.js'
import { COMMANDS } from './commands/index.js'

const USAGE = `worker-api-kit: mock server and contract-testing kit for the Worker and LLM Provider API

Usage: worker-api-kit <command> [options]

Commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(10)} ${c.summary}`).join('\n')}

Run 'worker-api-kit <command> --help' for a command's options.`

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
  const entry = COMMANDS.find((c) => c.name === name)
  if (!entry) {
    io.err(
      `[worker-api-kit] unknown command '${name}'; use one of ${COMMANDS.map((c) => c.name).join(', ')}. Run 'worker-api-kit --help' for usage.`,
    )
    return EXIT.usage
  }
  const command = await entry.load()
  try {
    return await command.run(rest, io)
  } catch (error) {
    const expected = cliErrorOf(error, name)
    if (expected === undefined) throw error
    io.err(expected.message)
    return expected.exitCode
  }
}
