import type { ParseArgsConfig } from 'node:util'
import { definedOnly } from '../common/defined-only.js'

export type OptionsConfig = NonNullable<ParseArgsConfig['options']>

/** Bounds of an integer flag, both included. */
export type IntegerRange = { readonly min: number; readonly max: number }

/**
 * One flag, declared once: node's parseArgs reads its type, short letter and repetition, the help
 * reads its value name, lines, default and example, and the parser reads its bounds, choices and
 * whether it is required, and hands the command a value typed from all that (`FlagValues`).
 */
export type Flag = {
  readonly type: 'string' | 'boolean'
  /** `-H` for `--header`. */
  readonly short?: string
  /** Repeatable: the values come as a list. */
  readonly multiple?: boolean
  /** The value's name in the help, e.g. `URL` in `--base-url URL`. */
  readonly value?: string
  /** The help, one entry a line (the help does not rewrap); `{default}` shows the default, `{example}` the example. */
  readonly help: readonly string[]
  /** What applies when the flag is absent: the library's own constant, read, never restated. */
  readonly default?: string | number
  /** A string flag that takes an integer within these bounds: the command reads a number. */
  readonly integer?: IntegerRange
  /** A string flag that takes one of these words: the command reads their union. */
  readonly choices?: readonly string[]
  /** Absent or empty is a usage error naming the flag (and its example); the command reads a value. */
  readonly required?: boolean
  /** A value to show, in the help (`{example}`) and in the error of a missing required flag. */
  readonly example?: string
  /**
   * The command's one operand: `pact session.har` gives this flag its value as `--har session.har`
   * does. At most one flag of a command has it.
   */
  readonly positional?: boolean
}

export type Flags = Readonly<Record<string, Flag>>

/** The flag every command takes, declared once for the parser and every help. */
export const HELP_FLAG = {
  help: { type: 'boolean', short: 'h', help: ['this help'] },
} as const satisfies Flags

/** What node's parseArgs reads from the declarations. */
export const parseArgsOptionsOf = (flags: Flags): OptionsConfig =>
  Object.fromEntries(
    Object.entries(flags).map(([name, { type, short, multiple }]) => [
      name,
      { type, ...definedOnly({ short, multiple }) },
    ]),
  )
