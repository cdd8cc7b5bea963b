import { CliError } from './usage-error.js'

/** An integer flag within bounds, or a usage error naming the flag. */
export const parseIntegerFlag = (
  flag: string,
  value: unknown,
  { min, max }: { min: number; max: number },
): number | undefined => {
  if (value === undefined) return undefined
  const parsed = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : Number.NaN
  if (!Number.isSafeInteger(parsed) || parsed < min || parsed > max) {
    throw new CliError(
      `[worker-api-kit] --${flag} must be an integer from ${min} to ${max}; got ${JSON.stringify(value)}.`,
      'E_USAGE',
    )
  }
  return parsed
}
