import { type Flags, type OptionsConfig, parseArgsOptionsOf } from './flag.js'
import { type UsageText, usageOf } from './usage-of.js'

/** Where a command writes: the CLI passes the process streams, tests pass buffers. */
export type Io = { out: (line: string) => void; err: (line: string) => void }

export type Values = Record<string, string | boolean | (string | boolean)[] | undefined>

/** A subcommand as written: its help text, its flags declared once, and what it does. */
export type CommandSpec<F extends Flags> = UsageText & {
  readonly flags: F
  /** Resolves to an exit code; expected failures throw a `CliError`. */
  readonly run: (values: Values, io: Io) => Promise<number>
}

/** A subcommand as data: the parser's options and the help are generated from its flags. */
export type Command<F extends Flags = Flags> = CommandSpec<F> & {
  readonly usage: string
  readonly options: OptionsConfig
}

export const defineCommand = <F extends Flags>(spec: CommandSpec<F>): Command<F> => ({
  ...spec,
  usage: usageOf(spec, spec.flags),
  options: parseArgsOptionsOf(spec.flags),
})
