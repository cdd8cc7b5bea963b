import type { ParseArgsConfig } from 'node:util'

export type OptionsConfig = NonNullable<ParseArgsConfig['options']>

/** Where a command writes: the CLI passes the process streams, tests pass buffers. */
export type Io = { out: (line: string) => void; err: (line: string) => void }

/** A subcommand as data: its options, its usage text, and what it does. Resolves to an exit code. */
export type Command = {
  readonly name: string
  readonly summary: string
  readonly usage: string
  readonly options: OptionsConfig
  readonly run: (
    values: Record<string, string | boolean | string[] | boolean[] | undefined>,
    io: Io,
  ) => Promise<number>
}
