import { excerpt } from '../common/excerpt.js'
import { remembered } from '../common/remembered.js'
import { setOwn } from '../common/set-own.js'
import {
  credentialsOfHeader,
  isPublicValue,
  isSecretHeader,
  mayHoldSecret,
  REDACTED,
  redactText,
} from '../secrets/index.js'
import { forEachHeader, type HeaderPairs } from './header-pairs.js'
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
const isCredentialHeader = remembered(isSecretHeader)

/**
 * One header's value as the journal keeps it outside the header list (a request's or an answer's
 * content type): secret fields it spells masked, then what `mask` knows (a key sent as a
 * `boundary`, echoed as a `charset`); null when there is none.
 */
export const journalHeaderValue = (
  value: string | null | undefined,
  mask?: (text: string) => string,
): string | null => {
  if (value === undefined || value === null) return null
  const redacted = redactText(value)
  return mask === undefined ? redacted : mask(redacted)
}

/** Names and values being merged: parallel lists (a few headers: a search beats a Map). */
type Merging = { readonly names: string[]; readonly values: string[] }

/** A pair merged in: its name lowercased, a repeated name joined with `, `, the first names only. */
const mergeInto = (merging: Merging, rawName: string, value: string) => {
  const name = rawName.toLowerCase()
  const at = merging.names.indexOf(name)
  if (at !== -1) merging.values[at] = `${merging.values[at]}, ${value}`
  else if (merging.names.length < MAX_JOURNALLED_HEADERS) {
    merging.names.push(name)
    merging.values.push(value)
  }
}

/**
 * Header pairs as the journal keeps them: names lowercased (a repeated one joined with `, `), the
 * first MAX_JOURNALLED_HEADERS names, a credential's value `[REDACTED]`, others with credentials
 * and secret fields they spell masked, then what `mask` knows (a session's key, the request's
 * token in every form), each cut to an excerpt.
 */
export const journalHeaders = (
  pairs: HeaderPairs,
  mask?: (text: string) => string,
): JournalHeaders => {
  const merging: Merging = { names: [], values: [] }
  forEachHeader(pairs, (name, value) => mergeInto(merging, name, value))
  const { names, values } = merging
  for (let i = 0; i < names.length; i++) {
    const name = names[i] ?? ''
    const value = values[i] ?? ''
    // A credential header's value, unless it is public (one of the kit's ids: the policy's).
    values[i] = isCredentialHeader(name)
      ? isPublicValue(value.trim())
        ? value
        : REDACTED
      : mayHoldSecret(value)
        ? redactText(value)
        : value
  }
  if (mask !== undefined) {
    // One pass of the masker over all the names and values; each again only when one held a
    // secret (a key sent as a header's name, `x-<key>: 1`, is masked there too).
    const all = `${names.join(JOIN)}${JOIN}${values.join(JOIN)}`
    if (mask(all) !== all)
      for (let i = 0; i < names.length; i++) {
        names[i] = mask(names[i] ?? '')
        values[i] = mask(values[i] ?? '')
      }
  }
  const kept: Record<string, string> = {}
  for (let i = 0; i < names.length; i++) {
    const name = excerpt(names[i] ?? '', MAX_HEADER_TEXT)
    const value = excerpt(values[i] ?? '', MAX_HEADER_TEXT)
    setOwn(kept, name, value) // a header named `__proto__` stays a field
  }
  return kept
}

/**
 * The credentials a request carries in its headers: each credential header's value (as sent,
 * repeated names apart) and each cookie of a `Cookie` header. Most requests carry none: then no
 * array but the empty one is made.
 */
export const requestCredentials = (pairs: HeaderPairs): readonly string[] => {
  let found: string[] | undefined
  // The name as sent: the tests are case-blind, and their memo is keyed by what a client repeats.
  forEachHeader(pairs, (name, value) => {
    if (!isCredentialHeader(name)) return
    found ??= []
    found.push(...credentialsOfHeader(name, value))
  })
  return found ?? NO_CREDENTIALS
}
const NO_CREDENTIALS: readonly string[] = Object.freeze([])

/**
 * A request's headers as pairs: on a node server the socket's raw list (no Headers object built
 * from it: measured, that was most of what the headers cost), elsewhere from the request.
 */
export const requestHeaderPairs = (
  request: Request,
  env: ServerEnv['Bindings'] | undefined,
): HeaderPairs => {
  const raw = env?.incoming?.rawHeaders
  return Array.isArray(raw) ? { flat: raw } : request.headers.entries()
}

/** An answer's headers as pairs: from a node server's lightweight answer's own record when it has one. */
export const responseHeaderPairs = (res: Response): HeaderPairs =>
  lightweightHeaders(res) ?? res.headers.entries()
