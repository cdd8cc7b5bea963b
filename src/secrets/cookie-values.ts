import { percentDecoded } from '../common/percent-decoded.js'
import { isPublicValue, SECRET_POLICY } from './policy.js'

/** A cookie's value as a server may read it back: without its quotes, and percent-decoded. */
const readingsOf = (raw: string): string[] => {
  const unquoted =
    raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw
  return [...new Set([raw, unquoted, percentDecoded(unquoted)])]
}

/** A `Cookie` header's pairs, or each `Set-Cookie` line's first pair (the rest are attributes). */
const pairsOf = (header: string, isSetCookie: boolean): string[] =>
  isSetCookie
    ? // HAR and fetch's Headers join several Set-Cookie values with a newline (RFC 6265 §3).
      header.split(/\r?\n/).map((line) => line.split(';', 1)[0] ?? '')
    : header.split(';')

/**
 * The values of a `Cookie` header's cookies (`sid=…; theme=dark`), each a credential of its own:
 * a server may echo one without its name, its quotes or its percent-encoding. With `isSetCookie`,
 * a `Set-Cookie` value: the first pair of each of its lines.
 */
export const cookieValuesOf = (header: string, isSetCookie = false): string[] =>
  pairsOf(header, isSetCookie)
    .flatMap((pair) => readingsOf(pair.slice(pair.indexOf('=') + 1).trim()))
    .filter((value) => value.length >= SECRET_POLICY.minSearchedLength && !isPublicValue(value))

/**
 * The credentials a credential header carries: its value; for a `Cookie` each of its cookies
 * (their names and the kit's ids among them are no secret), and for a `Set-Cookie` (an answer's)
 * the value each of its lines sets.
 */
export const credentialsOfHeader = (name: string, value: string): string[] => {
  const lowered = name.toLowerCase()
  if (lowered === 'cookie') return cookieValuesOf(value)
  return lowered === 'set-cookie' ? cookieValuesOf(value, true) : [value]
}
