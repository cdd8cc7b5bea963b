import { CliError } from './cli-error.js'
import type { Values } from './command.js'
import type { Flags, IntegerRange } from './flag.js'

/** The names of the flags of `F` declared as integers. */
type IntegerName<F extends Flags> = {
  [K in keyof F]: F[K] extends { readonly integer: IntegerRange } ? K : never
}[keyof F] &
  string

/** An integer flag within its declared bounds, undefined when absent, or a usage error naming it. */
export const integerFlag = <F extends Flags>(
  flags: F,
  values: Values,
  name: IntegerName<F>,
): number | undefined => {
  const value = values[name]
  const range = flags[name]?.integer
  if (range === undefined) throw new Error(`--${name} is not declared as an integer flag`)
  if (value === undefined) return undefined
  const { min, max } = range
  const parsed = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : Number.NaN
  if (!Number.isSafeInteger(parsed) || parsed < min || parsed > max) {
    throw new CliError(
      `[worker-api-kit] --${name} must be an integer from ${min} to ${max}; got ${JSON.stringify(value)}.`,
      'E_USAGE',
    )
  }
  return parsed
}
