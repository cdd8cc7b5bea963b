import { parseArgs } from 'node:util'
import { CliError } from './cli-error.js'
import { type Flag, type Flags, HELP_FLAG, parseArgsOptionsOf } from './flag.js'
import type { AnyFlagValues, FlagValues } from './flag-values.js'

/** A command line as its command reads it: the help asked for, or the values of its flags. */
export type ParsedFlags<F extends Flags> =
  | { readonly isHelp: true }
  | { readonly isHelp: false; readonly values: FlagValues<F> }

const usage = (message: string) => new CliError(`[worker-api-kit] ${message}`, 'E_USAGE')

/** One given value of a flag, read as its declaration says, or a usage error naming the flag. */
const readValue = (name: string, flag: Flag, given: string): string | number => {
  if (flag.integer !== undefined) {
    const { min, max } = flag.integer
    const parsed = /^-?\d+$/.test(given) ? Number(given) : Number.NaN
    if (!Number.isSafeInteger(parsed) || parsed < min || parsed > max)
      throw usage(
        `--${name} must be an integer from ${min} to ${max}; got ${JSON.stringify(given)}.`,
      )
    return parsed
  }
  if (flag.choices !== undefined && !flag.choices.includes(given))
    throw usage(`--${name} takes one of ${flag.choices.join(', ')}; got ${JSON.stringify(given)}.`)
  return given
}

const isMissing = (given: string | boolean | (string | boolean)[] | undefined) =>
  given === undefined || given === '' || (Array.isArray(given) && given.length === 0)

/**
 * Parses a command's arguments against its flag declarations: node's parseArgs (strict, no
 * positionals) reads them, then every required flag is checked present, then each value is read
 * as declared (integers within their bounds, choices), in the order of the declarations. A help
 * flag answers before any of these checks.
 */
export function parseFlags<F extends Flags>(flags: F, args: readonly string[]): ParsedFlags<F>
// The one place where the values meet their declared types: the overload states what the body
// below builds for each declaration, and the tests of the CLI hold it (no cast needed).
export function parseFlags(
  flags: Flags,
  args: readonly string[],
): { readonly isHelp: true } | { readonly isHelp: false; readonly values: AnyFlagValues } {
  const declared = Object.entries(flags)
  const operand = declared.find(([, flag]) => flag.positional === true)
  const parsed = parseArgs({
    args: [...args],
    options: { ...parseArgsOptionsOf(flags), ...parseArgsOptionsOf(HELP_FLAG) },
    strict: true,
    allowPositionals: operand !== undefined,
  })
  if (parsed.values['help'] === true) return { isHelp: true }
  const values: Record<string, string | boolean | (string | boolean)[] | undefined> = {
    ...parsed.values,
  }
  if (operand && parsed.positionals.length > 0) {
    const [name, flag] = operand
    if (parsed.positionals.length > 1 || values[name] !== undefined)
      throw usage(`one ${flag.value ?? name} only: given as an operand or as --${name}, once.`)
    values[name] = parsed.positionals[0]
  }
  for (const [name, { required, example }] of declared) {
    if (required === true && isMissing(values[name]))
      throw usage(
        `--${name} is required${example === undefined ? '' : `, e.g. --${name} ${example}`}.`,
      )
  }
  const read = declared.map(([name, flag]): [string, AnyFlagValues[string]] => {
    const given = values[name]
    if (flag.type === 'boolean') return [name, given === true]
    const strings = (Array.isArray(given) ? given : given === undefined ? [] : [given]).map(String)
    const each = strings.map((value) => readValue(name, flag, value))
    return [name, flag.multiple === true ? each : (each[0] ?? flag.default)]
  })
  return { isHelp: false, values: Object.fromEntries(read) }
}
