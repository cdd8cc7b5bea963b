import { printableLines } from '../common/printable.js'
import { EXIT } from './cli-error.js'
import { cliErrorOf } from './cli-error-of.js'
import type { ProcessIo } from './command.js'
import { COMMANDS } from './commands/index.js'

const USAGE = `worker-api-kit: mock server and contract-testing kit for the Worker and LLM Provider API

Usage: worker-api-kit <command> [options]

Commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(10)} ${c.summary}`).join('\n')}

Run 'worker-api-kit <command> --help' for a command's options.`

/** One run of the CLI: its arguments, what it may read of its process, and where it writes. */
export type CliRun = Omit<ProcessIo, 'out' | 'err'> & {
  /** The arguments after the script: `['contract', '--base-url', …]`. */
  readonly argv: readonly string[]
  /** Receive the text as it goes out (whole lines, each ending in a line feed). */
  readonly stdout: (text: string) => void
  readonly stderr: (text: string) => void
}

/** A bug of ours (not a CliError): its stack, and exit 2 rather than a verdict. */
export const bugMessage = (error: unknown) =>
  `[worker-api-kit] unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`

const runCommand = async (argv: readonly string[], io: ProcessIo): Promise<number> => {
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

/**
 * Runs one command line and resolves to its exit code: the whole CLI, in whatever process calls
 * it. It never exits the process, sets its exit code, reads its environment or listens to its
 * signals (the bin, `main.ts`, does that with what it hands in), and it has closed every server it
 * started by the time it resolves.
 */
export const runCli = async ({ argv, stdout, stderr, ...given }: CliRun): Promise<number> => {
  // Every line the CLI prints may quote a server, a client, a file or a flag (a report, a log
  // line, an error): through the one printable filter, so no text it did not write drives the
  // terminal.
  const io: ProcessIo = {
    ...given,
    out: (line) => stdout(`${printableLines(line)}\n`),
    err: (line) => stderr(`${printableLines(line)}\n`),
  }
  try {
    return await runCommand(argv, io)
  } catch (error) {
    io.err(bugMessage(error))
    return EXIT.usage
  }
}
