import { printable } from '../common/printable.js'
import type { CorsPolicy } from '../server/cors.js'
import { CliError } from './cli-error.js'
import { fromEnv } from './from-env.js'

/** The mock's security flags, each parsed to what the app takes, or a usage error naming it. */

const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|::1|\[::1\])$/i
/** Whether `--host` names this machine only (no warning then). */
export const isLoopback = (host: string) => LOOPBACK.test(host)

/** `--cors` values → the app's policy: off, `*`, `loopback`, or a list of origins. */
export const corsOf = (values: readonly string[]): CorsPolicy | undefined => {
  if (values.length === 0) return undefined
  for (const value of values) {
    const isKeyword = ['off', '*', 'loopback'].includes(value)
    if (!isKeyword && !/^https?:\/\/[^/\s]+$/i.test(value)) {
      throw new CliError(
        `[worker-api-kit] --cors takes an origin such as http://localhost:5173 (scheme and host, no path), "*", "loopback" or "off"; got ${JSON.stringify(printable(value, 100))}.`,
        'E_USAGE',
      )
    }
    if (isKeyword && values.length > 1) {
      throw new CliError(
        `[worker-api-kit] --cors ${value} cannot be combined with other --cors values.`,
        'E_USAGE',
      )
    }
  }
  const [first] = values
  if (first === 'off') return false
  if (first === '*' || first === 'loopback') return first
  return values.map((origin) => new URL(origin).origin)
}

/** `--allowed-host` names, each a host name (no scheme, port or path). */
export const allowedHostsOf = (values: string[]): string[] => {
  for (const value of values) {
    if (!/^\.?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(value)) {
      throw new CliError(
        `[worker-api-kit] --allowed-host takes a host name such as dev.example.test (a leading dot allows its subdomains); got ${JSON.stringify(printable(value, 100))}.`,
        'E_USAGE',
      )
    }
  }
  return values
}

/** `--admin-token T`, or `env:VAR` to read it from the environment. */
export const adminTokenOf = (
  raw: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): string | undefined => {
  if (raw === undefined) return undefined
  const { value } = fromEnv(raw, '--admin-token', env)
  if (value.trim() === '')
    throw new CliError('[worker-api-kit] --admin-token needs a token.', 'E_USAGE')
  return value
}
