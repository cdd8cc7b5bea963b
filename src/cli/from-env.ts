import { CliError } from './cli-error.js'

/** `env:NAME`: a value read from the environment variable NAME (out of the process list). */
const FROM_ENV = /^\s*env:([A-Za-z_][A-Za-z0-9_]*)\s*$/

/**
 * A flag's value, or, for `env:VAR`, the value of that environment variable. A variable that is
 * not set or empty is a usage error naming `where` and the variable, never a value.
 */
export const fromEnv = (
  value: string,
  where: string,
  env: Readonly<Record<string, string | undefined>>,
): { value: string; variable?: string } => {
  const variable = FROM_ENV.exec(value)?.[1]
  if (variable === undefined) return { value }
  const found = env[variable]
  if (found === undefined || found === '') {
    throw new CliError(
      `[worker-api-kit] ${where}: env:${variable} names an environment variable that is ${found === undefined ? 'not set' : 'empty'}; export ${variable} before the run.`,
      'E_USAGE',
    )
  }
  return { value: found, variable }
}

/** `Scheme env:NAME` (`Bearer env:STAGING_TOKEN`): the scheme word, then a variable's value. */
const SCHEME_THEN_ENV = /^\s*([A-Za-z][A-Za-z0-9!#$%&'*+.^_`|~-]*)\s+(env:\S*)\s*$/
/** A word that starts with `env:`: meant as a variable, whatever follows. */
const MENTIONS_ENV = /(?:^|\s)env:/

/**
 * A header's value: `env:VAR` as `fromEnv`, `Scheme env:VAR` as the scheme, a space and the
 * variable's value (`secret`: the variable's value alone, to mask). Any other value with a word starting `env:` is a usage error, never sent as
 * it is (a literal `Bearer env:TOKEN` at the target, or a name with a typo).
 */
export const headerValueFromEnv = (
  value: string,
  where: string,
  env: Readonly<Record<string, string | undefined>>,
): { value: string; variable?: string; secret?: string } => {
  if (!MENTIONS_ENV.test(value)) return { value }
  const [, scheme, reference = value] = SCHEME_THEN_ENV.exec(value) ?? []
  if (!FROM_ENV.test(reference))
    throw new CliError(
      `[worker-api-kit] ${where}: a value that reads the environment is "env:VAR" or "Scheme env:VAR" (VAR of letters, digits and _, e.g. "Bearer env:STAGING_TOKEN").`,
      'E_USAGE',
    )
  const read = fromEnv(reference, where, env)
  const secret = read.value
  return { ...read, secret, value: scheme === undefined ? secret : `${scheme} ${secret}` }
}
