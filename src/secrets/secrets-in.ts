import { multipartFields } from '../common/multipart-fields.js'
import { percentDecoded } from '../common/percent-decoded.js'
import { JWT_IN_TEXT } from './jwt.js'
import { isPublicValue } from './policy.js'
import {
  isSecretParameter,
  keyKindOf,
  MAX_DEPTH,
  NAMED_IN_TEXT_PATTERN,
  PLAIN_KEY,
  SECRET_PARAMETERS,
  TOKENS_KEY,
} from './redact.js'

/**
 * The secrets a text or a JSON value carries, to learn (src/secrets/book.ts): what stands under a
 * secret's name wherever a client writes one, and what is a credential by its shape.
 */

/** Longest string looked into for JSON or named values: a larger one is data, not a field. */
const MAX_LOOKED_INTO = 64 * 1024

/**
 * `name: "value"`, `name = value`, `name: value` in free text (a GraphQL query's inline argument,
 * a form body, a `name: value` line): a quoted value to its quote, else to the end of its line or
 * a separator (`Authorization: Bearer …` whole, its token learnt with it).
 */
const NAMED_VALUE =
  /([A-Za-z_][\w.-]{0,63})["']?[ \t]*[:=][ \t]*(?:"([^"\r\n]*)"|'([^'\r\n]*)'|([^\s"',;&)}\]][^\r\n,;&)}\]]*))/g
/** A value that says nothing: a flag, or one masked already. */
const NO_VALUE = /^(?:true|false|null|\[REDACTED\].*)$/
/** A secret's name, or a secret parameter's as a word of its own (`key=`, `sig=`, `code=`). */
const NAMES_A_SECRET = new RegExp(
  `${NAMED_IN_TEXT_PATTERN.source}|\\b(?:${[...SECRET_PARAMETERS].join('|')})\\b`,
  'i',
)
/** A URL's userinfo (`scheme://user:password@`): the password. */
const USERINFO = /[A-Za-z][\w+.-]{0,31}:\/\/[^\s/?#@:"']{0,256}:([^\s/?#@"']{1,1024})@/g

const looksLikeJson = (text: string) => /^\s*[[{]/.test(text)

/** A value under a secret's name, as written and (a form's) percent-decoded. */
const addNamed = (found: Set<string>, name: string, value: string) => {
  if (!isSecretParameter(name) || NO_VALUE.test(value) || isPublicValue(value)) return
  found.add(value)
  if (/[%+]/.test(value)) found.add(percentDecoded(value.replaceAll('+', ' ')))
}

/**
 * Secret values a free text carries: under secret names (named values, a form's fields, a
 * multipart form's parts: its boundary from `mediaType`, or its first line), JWTs, URL passwords.
 */
const secretsInText = (text: string, found: Set<string>, mediaType = ''): Set<string> => {
  // Split on its boundary in one pass, whatever its size (an upload beside a password).
  for (const [name, value] of multipartFields(text, mediaType)) addNamed(found, name, value.trim())
  if (text.length > MAX_LOOKED_INTO) return found
  if (text.includes('eyJ')) for (const [jwt] of text.matchAll(JWT_IN_TEXT)) found.add(jwt)
  if (text.includes('://'))
    for (const [, password] of text.matchAll(USERINFO)) found.add(password ?? '')
  if (!NAMES_A_SECRET.test(text)) return found
  for (const [, name = '', quoted, single, bare] of text.matchAll(NAMED_VALUE))
    addNamed(found, name, (quoted ?? single ?? bare ?? '').trim())
  return found
}

/**
 * The secrets of a text: of the JSON value it holds (a body, a body in a body's string), or of its
 * text (`secretsInText`) where it holds none.
 */
export const secretsOfText = (
  text: string,
  mediaType = '',
  found: Set<string> = new Set(),
  depth = 0,
): Set<string> => {
  if (looksLikeJson(text)) {
    try {
      return secretsIn(JSON.parse(text), found, depth + 1)
    } catch {
      // not JSON after all: read as text
    }
  }
  return secretsInText(text, found, mediaType)
}

/**
 * Secret values found in a JSON value: under secret names at any depth (each value of a `tokens`
 * object), and in its strings (JSON inside a string, named values and JWTs in text).
 */
export const secretsIn = (
  value: unknown,
  found: Set<string> = new Set(),
  depth = 0,
): Set<string> => {
  if (depth > MAX_DEPTH) return found
  // A string longer than a field: data, not looked into.
  if (typeof value === 'string')
    return value.length > MAX_LOOKED_INTO ? found : secretsOfText(value, '', found, depth)
  if (typeof value !== 'object' || value === null) return found
  // An array's names are its indexes, never a secret's: only its items are looked into.
  if (Array.isArray(value)) {
    for (const item of value) secretsIn(item, found, depth + 1)
    return found
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue
    const item: unknown = Reflect.get(value, key)
    const kind = keyKindOf(key)
    if (kind === TOKENS_KEY && typeof item === 'object' && item !== null) {
      for (const token of Object.values(item)) if (typeof token === 'string') found.add(token)
    } else if (kind !== PLAIN_KEY && typeof item === 'string') {
      if (!isPublicValue(item)) found.add(item)
    } else secretsIn(item, found, depth + 1)
  }
  return found
}
