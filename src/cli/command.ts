import { EXIT } from './cli-error.js'
import type { Flags } from './flag.js'
import type { FlagValues } from './flag-values.js'
import { parseFlags } from './parse-flags.js'
import { type UsageText, usageOf } from './usage-of.js'

/** Where a command writes, one line at a time: the bin's streams, or a test's buffers. */
export type Io = { out: (line: string) => void; err: (line: string) => void }

/**
 * What a command reads and writes of the process that runs it, handed in, never taken from `process`:
 * the bin hands in its own, a test its buffers, its environment and a way to stop, and the same
 * code runs in either. A command never reads `process`, exits it or listens to its signals.
 */
export type ProcessIo = Io & {
  readonly env: Readonly<Record<string, string | undefined>>
  /** What relative paths in the flags are relative to. */
  readonly cwd: string
  /** The script that runs the CLI (the bin's argv[1]), for the command lines it prints to copy. */
  readonly script: string | undefined
  /**
   * Starts listening for a request to stop (the bin: SIGINT or SIGTERM) and resolves with its
   * name. A serving command calls it before it announces readiness, and stops when it resolves.
   */
  readonly untilStopped: () => Promise<string>
}

/** A subcommand as written: its help text, its flags declared once, and what it does. */
export type CommandSpec<F extends Flags> = UsageText & {
  readonly flags: F
  /**
   * Receives the flags' values typed from their declarations; resolves to an exit code.
   * Expected failures throw a `CliError`.
   */
  readonly run: (flags: FlagValues<F>, io: ProcessIo) => Promise<number>
}

/** A subcommand as data: the help is generated from its flags, which parse its arguments. */
export type Command = UsageText & {
  readonly flags: Flags
  readonly usage: string
  /** Parses the arguments (a usage error throws), answers `--help`, or runs the command. */
  readonly run: (args: readonly string[], io: ProcessIo) => Promise<number>
}

export const defineCommand = <const F extends Flags>(spec: CommandSpec<F>): Command => {
  const usage = usageOf(spec, spec.flags)
  return {
    synopsis: spec.synopsis,
    about: spec.about,
    column: spec.column,
    flags: spec.flags,
    usage,
    run: async (args, io) => {
      const parsed = parseFlags(spec.flags, args)
      if (parsed.isHelp) {
        io.out(usage)
        return EXIT.ok
      }
      return spec.run(parsed.values, io)
    },
  }
}
