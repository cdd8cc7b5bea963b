import { EXIT } from './cli-error.js'
import type { Flags } from './flag.js'
import type { FlagValues } from './flag-values.js'
import { parseFlags } from './parse-flags.js'
import { type UsageText, usageOf } from './usage-of.js'

/** Where a command writes: the CLI passes the process streams, tests pass buffers. */
export type Io = { out: (line: string) => void; err: (line: string) => void }

/** A subcommand as written: its help text, its flags declared once, and what it does. */
export type CommandSpec<F extends Flags> = UsageText & {
  readonly flags: F
  /**
   * Receives the flags' values typed from their declarations; resolves to an exit code.
   * Expected failures throw a `CliError`.
   */
  readonly run: (flags: FlagValues<F>, io: Io) => Promise<number>
}

/** A subcommand as data: the help is generated from its flags, which parse its arguments. */
export type Command = UsageText & {
  readonly flags: Flags
  readonly usage: string
  /** Parses the arguments (a usage error throws), answers `--help`, or runs the command. */
  readonly run: (args: readonly string[], io: Io) => Promise<number>
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
