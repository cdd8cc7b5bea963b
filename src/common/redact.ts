/**
 * The one place that knows what a secret looks like. Reports, journals, curl lines and logs call
 * it on write, so a secret never leaves the process in clear.
 */

export const REDACTED = '[REDACTED]'

/** Header names whose values are credentials. */
const SECRET_HEADER =
  /^(authorization|proxy-authorization|cookie|set-cookie)$|token|secret|api[-_]?key|session|password/i

/** JSON keys whose values are secrets: the API key the client sends, the tokens a create returns. */
const SECRET_KEY =
  /^(apiKey|api_key|token|accessToken|refreshToken|password|secret|authorization)$/i
const SECRET_OBJECT_KEY = /^tokens$/i

/** Shorter strings are redacted where they stand (by key), not searched for in free text. */
const MIN_SEARCHABLE_SECRET = 6

export const isSecretHeader = (name: string) => SECRET_HEADER.test(name)

const SECRET_NAMES = 'apiKey|api_key|token|accessToken|refreshToken|password|secret|authorization'
/** `"apiKey": "…"` in JSON-like text (a body that did not parse): the value up to its closing quote. */
const SECRET_JSON_FIELD = new RegExp(`("(?:${SECRET_NAMES})"\\s*:\\s*")((?:[^"\\\\]|\\\\.)*)`, 'gi')
/** `apiKey=…` in a query string or a form body. */
const SECRET_FORM_FIELD = new RegExp(`((?:^|[?&;\\s])(?:${SECRET_NAMES})=)[^&\\s]*`, 'gi')
/** `Bearer …` / `Basic …` credentials anywhere. */
const CREDENTIAL = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g

/**
 * Text with secret fields masked by their names (JSON-like and form-like) and credentials
 * masked: for text that is not a parsed JSON value (a malformed body, a query string, a log).
 */
export const redactText = (text: string): string =>
  text
    .replace(SECRET_JSON_FIELD, `$1${REDACTED}`)
    .replace(SECRET_FORM_FIELD, `$1${REDACTED}`)
    .replace(CREDENTIAL, `$1 ${REDACTED}`)

const maskValue = (value: unknown) =>
  typeof value === 'string' ? `${REDACTED} (${value.length} chars)` : REDACTED

/** A copy of a JSON value with every secret field masked (`apiKey`, every value under `tokens`…). */
export const redactJson = (value: unknown, depth = 0): unknown => {
  if (depth > 64) return REDACTED
  if (Array.isArray(value)) return value.map((item) => redactJson(item, depth + 1))
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      if (SECRET_KEY.test(key)) return [key, maskValue(item)]
      if (SECRET_OBJECT_KEY.test(key) && typeof item === 'object' && item !== null) {
        return [key, Object.fromEntries(Object.entries(item).map(([k, v]) => [k, maskValue(v)]))]
      }
      return [key, redactJson(item, depth + 1)]
    }),
  )
}

/** Headers with every credential value masked. */
export const redactHeaders = (headers: Readonly<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, isSecretHeader(name) ? REDACTED : value]),
  )

/** Secret values found in a JSON value by key (to search for later in free text). */
export const secretsIn = (
  value: unknown,
  found: Set<string> = new Set(),
  depth = 0,
): Set<string> => {
  if (depth > 64 || typeof value !== 'object' || value === null) return found
  for (const [key, item] of Object.entries(value)) {
    if (SECRET_KEY.test(key) && typeof item === 'string') found.add(item)
    else if (SECRET_OBJECT_KEY.test(key) && typeof item === 'object' && item !== null) {
      for (const token of Object.values(item)) if (typeof token === 'string') found.add(token)
    } else secretsIn(item, found, depth + 1)
  }
  return found
}

export type Redactor = {
  /** Remembers a secret value, to be masked wherever it appears in text later. */
  readonly add: (secret: string) => void
  /** The text with every remembered secret (and any `Bearer …` credential) masked. */
  readonly text: (text: string) => string
}

/** Masks known secrets in free text: header values given by the user, keys and tokens seen. */
export const createRedactor = (secrets: Iterable<string> = []): Redactor => {
  const known = new Set<string>()
  const add = (secret: string) => {
    if (secret.length >= MIN_SEARCHABLE_SECRET) known.add(secret)
  }
  for (const secret of secrets) add(secret)
  return {
    add,
    text: (text) => {
      let out = redactText(text)
      // Longest first, so a secret that contains another is masked whole.
      for (const secret of [...known].sort((a, b) => b.length - a.length)) {
        if (out.includes(secret)) out = out.replaceAll(secret, REDACTED)
      }
      return out
    },
  }
}
