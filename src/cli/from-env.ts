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
