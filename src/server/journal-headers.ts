import {
  isSecretHeader,
  isSecretName,
  mayHoldSecret,
  REDACTED,
  redactText,
} from '../common/redact.js'
import { excerpt } from './excerpt.js'
import { lightweightHeaders } from './lightweight-body.js'
import type { ServerEnv } from './server-env.js'

// The headers of a request and of its answer as the journal keeps them: lowercase names, values as
// sent, a credential's value masked whole, at most MAX_JOURNALLED_HEADERS of them and each value an
// excerpt. Read where they already are (a node request's raw pairs, the answer's own record), so
// the journal builds no Headers object the request did not need.

/** Most headers kept per request or answer; the first ones are kept. */
export const MAX_JOURNALLED_HEADERS = 64
/** A header's name or value longer than this is kept as an excerpt (the journal's text bound). */
const MAX_HEADER_TEXT = 2 * 1024
/** Values joined here to ask the session's masker once whether any of them holds a known secret. */
const JOIN = '\n'

/** Headers as the journal keeps them: lowercase name → value, secrets `[REDACTED]`. */
export type JournalHeaders = Readonly<Record<string, string>>

/** A header whose value is a credential by its name alone (`authorization`, `cookie`, `x-api-key`). */
const isCredentialHeader = (name: string) => isSecretHeader(name) || isSecretName(name)

/**
 * Header pairs as the journal keeps them: names lowercased (a repeated one joined with `, `), the
 * first MAX_JOURNALLED_HEADERS names, a credential's value `[REDACTED]`, others with credentials
 * and secret fields they spell masked, then what `mask` knows (a session's key, the request's
 * token in every form), each cut to an excerpt.
 */
export const journalHeaders = (
  pairs: Iterable<readonly [string, string]>,
  mask?: (text: string) => string,
): JournalHeaders => {
  const merged = new Map<string, string>()
  for (const [rawName, value] of pairs) {
    const name = rawName.toLowerCase()
    const earlier = merged.get(name)
    if (earlier !== undefined) merged.set(name, `${earlier}, ${value}`)
    else if (merged.size < MAX_JOURNALLED_HEADERS) merged.set(name, value)
  }
  const kept: [string, string][] = []
  for (const [name, value] of merged) {
    const shown = isCredentialHeader(name)
      ? REDACTED
      : mayHoldSecret(value)
        ? redactText(value)
        : value
    kept.push([name, shown])
  }
  if (mask !== undefined) {
    // One pass of the masker over all the values; each value again only when one held a secret.
    const all = kept.map(([, value]) => value).join(JOIN)
    if (mask(all) !== all) for (const pair of kept) pair[1] = mask(pair[1])
  }
  // fromEntries: a header named `__proto__` stays a field
  return Object.fromEntries(
    kept.map(([name, value]) => [excerpt(name, MAX_HEADER_TEXT), excerpt(value, MAX_HEADER_TEXT)]),
  )
}

/** The raw `name, value, name, value…` pairs of a node request, when the server handed them over. */
const rawPairs = function* (raw: readonly string[]): Generator<readonly [string, string]> {
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]
    const value = raw[i + 1]
    // HTTP/2 pseudo-headers (`:path`) are not headers
    if (name !== undefined && value !== undefined && !name.startsWith(':')) yield [name, value]
  }
}

/**
 * A request's headers as pairs: on a node server from the socket's raw pairs (no Headers object
 * built from them: measured, that was most of what the headers cost), elsewhere from the request.
 */
export const requestHeaderPairs = (
  request: Request,
  env: ServerEnv['Bindings'] | undefined,
): Iterable<readonly [string, string]> => {
  const raw = env?.incoming?.rawHeaders
  return Array.isArray(raw) ? rawPairs(raw) : request.headers.entries()
}

/** An answer's headers as pairs: from a node server's lightweight answer's own record when it has one. */
export const responseHeaderPairs = (res: Response): Iterable<readonly [string, string]> =>
  lightweightHeaders(res) ?? res.headers.entries()
