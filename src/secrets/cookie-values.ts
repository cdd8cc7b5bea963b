import { percentDecoded } from '../common/percent-decoded.js'
import { isPublicValue } from './policy.js'

/** Shorter cookie values would mask ordinary words (`theme=dark`); a session id is longer. */
const MIN_COOKIE_LENGTH = 8

/** A cookie's value as a server may read it back: without its quotes, and percent-decoded. */
const readingsOf = (raw: string): string[] => {
  const unquoted =
    raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw
  return [...new Set([raw, unquoted, percentDecoded(unquoted)])]
}

/**
 * The values of a `Cookie` header's cookies (`sid=…; theme=dark`), each a credential of its own:
 * a server may echo one without its name, its quotes or its percent-encoding. With `isSetCookie`,
 * a `Set-Cookie` value: its first pair only (the rest are attributes, `Path=/`).
 */
export const cookieValuesOf = (header: string, isSetCookie = false): string[] =>
  (isSetCookie ? header.split(';', 1) : header.split(';'))
    .flatMap((pair) => readingsOf(pair.slice(pair.indexOf('=') + 1).trim()))
    .filter((value) => value.length >= MIN_COOKIE_LENGTH && !isPublicValue(value))

/** The credentials a credential header carries: its value, and for a `Cookie` each of its cookies. */
export const credentialsOfHeader = (name: string, value: string): string[] =>
  name.toLowerCase() === 'cookie' ? [value, ...cookieValuesOf(value)] : [value]
