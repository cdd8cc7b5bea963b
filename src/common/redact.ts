/**
 * The one place that knows what a secret looks like. Reports, journals, curl lines and logs call
 * it on write, so a secret never leaves the process in clear.
 */

export const REDACTED = '[REDACTED]'

/**
 * What a secret's name looks like, wherever the name appears (a header, a JSON key, a query or
 * form field): `apiKey`, `api-key`, `access_token`, `client_secret`, `password`, `authorization`…
 */
const SECRET_NAME = 'token|secret|api[-_]?key|passw(?:or)?d|authorization|credential|cookie'
const SECRET_NAME_PATTERN = new RegExp(SECRET_NAME, 'i')

/** Header names whose values are credentials. */
const SECRET_HEADER = new RegExp(`${SECRET_NAME}|session`, 'i')

/** The object a create answers its tokens in: each of its values is a secret. */
const SECRET_OBJECT_KEY = /^tokens$/i

/** Shorter strings are redacted where they stand (by key), not searched for in free text. */
const MIN_SEARCHABLE_SECRET = 6

export const isSecretHeader = (name: string) => SECRET_HEADER.test(name)

/**
 * Whether text could carry a secret field: a secret-looking name, or a JSON `\\u` escape (which
 * could spell one). Text that cannot may be kept as it is and parsed only when read.
 */
export const mayHoldSecret = (text: string): boolean =>
  SECRET_NAME_PATTERN.test(text) || text.includes('\\u')

/** `"apiKey": "…"` in JSON-like text (a body that did not parse): the value up to its closing quote. */
const SECRET_JSON_FIELD = new RegExp(
  `("[^"]*(?:${SECRET_NAME})[^"]*"\\s*:\\s*")((?:[^"\\\\]|\\\\.)*)`,
  'gi',
)
/** `apiKey=…` in a query string or a form body. */
const SECRET_FORM_FIELD = new RegExp(
  `((?:^|[?&;\\s])[^=&\\s]*(?:${SECRET_NAME})[^=&\\s]*=)[^&\\s]*`,
  'gi',
)

/** A URL-encoded name (`api%4Bey`) decoded, so it is recognised too; the text as is if it cannot be. */
const decoded = (text: string) => {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '))
  } catch {
    return text
  }
}
/** `Bearer …` / `Basic …` credentials anywhere. */
const CREDENTIAL = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g

/**
 * Text with secret fields masked by their names (JSON-like and form-like) and credentials
 * masked: for text that is not a parsed JSON value (a malformed body, a query string, a log).
 */
export const redactText = (text: string): string =>
  (/%[0-9a-f]{2}/i.test(text) ? decoded(text) : text)
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
      if (SECRET_OBJECT_KEY.test(key) && typeof item === 'object' && item !== null) {
        return [key, Object.fromEntries(Object.entries(item).map(([k, v]) => [k, maskValue(v)]))]
      }
      // A flag about a secret (`hasApiKey: true`, `apiKeyLastFour: null`) gives nothing away.
      const isFlag = typeof item === 'boolean' || item === null
      if (SECRET_NAME_PATTERN.test(key) && !isFlag) return [key, maskValue(item)]
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
    if (SECRET_OBJECT_KEY.test(key) && typeof item === 'object' && item !== null) {
      for (const token of Object.values(item)) if (typeof token === 'string') found.add(token)
    } else if (SECRET_NAME_PATTERN.test(key) && typeof item === 'string') found.add(item)
    else secretsIn(item, found, depth + 1)
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
