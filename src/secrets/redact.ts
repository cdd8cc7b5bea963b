import { remembered } from '../common/remembered.js'
import { setOwn } from '../common/set-own.js'
import { JWT_IN_TEXT } from './jwt.js'
import { isPublicField, isPublicHeader, SECRET_POLICY } from './policy.js'

/**
 * The one place that knows what a secret looks like by its name. Reports, journals, curl lines and
 * logs call it on write, so a secret never leaves the process in clear. Known values (a user's
 * credentials in every form) are masked by `credential-forms.ts` on top of this.
 */

export const REDACTED = '[REDACTED]'

/** A secret's field name, wherever the name appears (the policy's `fieldNames`). */
const SECRET_NAME = SECRET_POLICY.fieldNames.join('|')
const SECRET_NAME_PATTERN = new RegExp(SECRET_NAME, 'i')

/** Field names that are a secret's only whole (the policy's `exactFieldNames`), lowercase. */
const EXACT_FIELD_NAMES: ReadonlySet<string> = new Set(SECRET_POLICY.exactFieldNames)
/** A secret's field name, or an exact one standing as a word of its own, somewhere in a text. */
const NAMED_IN_TEXT = `${SECRET_NAME}|\\b(?:${SECRET_POLICY.exactFieldNames.join('|')})\\b`
export const NAMED_IN_TEXT_PATTERN = new RegExp(NAMED_IN_TEXT, 'i')

/** A credential header's name (the policy's `headerNames`). */
const SECRET_HEADER = new RegExp(SECRET_POLICY.headerNames.join('|'), 'i')

/** The object a create answers its tokens in: each of its values is a secret. */
const SECRET_OBJECT_KEY = new RegExp(`^(?:${SECRET_POLICY.objectsOfSecrets.join('|')})$`, 'i')

/**
 * Whether a header's value is a credential by the header's name (a credential header's, or a
 * secret field's), the kit's labels and CORS's headers aside.
 */
export const isSecretHeader = (name: string) =>
  (SECRET_HEADER.test(name) || SECRET_NAME_PATTERN.test(name)) && !isPublicHeader(name)

/** Whether a field, header or query name names a secret (the public ones the kit declares aside). */
export const isSecretName = remembered(
  (name: string) =>
    (SECRET_NAME_PATTERN.test(name) || EXACT_FIELD_NAMES.has(name.toLowerCase())) &&
    !isPublicField(name),
)

/** Query and form parameters that carry a credential by their exact name (the policy's `parameters`). */
export const SECRET_PARAMETERS: ReadonlySet<string> = new Set(SECRET_POLICY.parameters)

/** Whether a query or form parameter's name names a secret. */
export const isSecretParameter = (name: string) =>
  isSecretName(name) || SECRET_PARAMETERS.has(name.toLowerCase())

/** A secret-looking name, a credential scheme, or an escape that could spell either. */
const MAY_HOLD_SECRET = new RegExp(`${NAMED_IN_TEXT}|\\\\u|%|(?:Bearer|Basic)\\s`, 'i')

/**
 * Whether text could carry a secret: a secret-looking name, a `Bearer`/`Basic` credential, or a
 * JSON `\\u` or URL `%` escape (which could spell one). Text that cannot may be kept as it is and
 * parsed only when read.
 */
export const mayHoldSecret = remembered((text: string): boolean => MAY_HOLD_SECRET.test(text))

// Each pattern finds a candidate `name` and its value with no nested quantifier over the name (so
// it stays linear on hostile text); whether the name is a secret's is decided in the replacer.

/** `"name": "value` in JSON-like text (a body that did not parse): the value up to its closing quote. */
const JSON_FIELD = /("((?:[^"\\]|\\.)*)"\s*:\s*")((?:[^"\\]|\\.)*)/g
/**
 * `name=value` in a query string or a form body, read before any escape is decoded: the value runs
 * to the next unencoded `&` (or `#`, or the end), so `Bearer%20…` or `sk%26…` is masked whole.
 */
const FORM_FIELD = /((?:^|[?&;\s])([^=&;?#\s]+)=)([^&#\s]*)/g
/**
 * `name: value` on a line (text/plain, YAML, headers, JavaScript-like objects): the value up to the
 * end of its line or a separator. A value that opens a string (JSON, above), an object or a list is
 * left to the patterns that understand it.
 */
const LINE_FIELD =
  /((?:^|[\s{,;])(['"]?)([\w.-]+)\2[ \t]*:[ \t]*)(?![["{]|\[REDACTED\])([^\s,;}][^\r\n,;}]*)/gm

/** A JSON literal that is a flag, not a value: `true`, `false`, `null`. */
const JSON_FLAG = /^(?:true|false|null)\s*$/

/** `Bearer …` / `Basic …` credentials anywhere, glued to the text before them too (`xxBearer …`). */
const CREDENTIAL = /(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g

/** A run of percent escapes, decoded as one (a UTF-8 character spans several). */
const ESCAPE_RUN = /(?:%[0-9A-Fa-f]{2})+/g
/** A doubly encoded name (`api%254Bey`) needs two rounds; more is not text anyone sends by accident. */
const DECODE_ROUNDS = 3

/**
 * Each run of escapes decoded on its own, so one broken escape (`%E0%A4`) does not stop the others
 * (`api%4Bey`) from being read. A run that is not UTF-8 keeps its non-ASCII escapes as they were.
 */
const decodeRun = (run: string) => {
  try {
    return decodeURIComponent(run)
  } catch {
    return run.replace(/%([0-7][0-9A-Fa-f])/g, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    )
  }
}

/** A URL-encoded name (`api%4Bey`) decoded, so it is recognised too. */
const decoded = (text: string) => {
  let out = text
  for (let round = 0; round < DECODE_ROUNDS && out.includes('%'); round++) {
    const next = out.replace(ESCAPE_RUN, decodeRun)
    if (next === out) break
    out = next
  }
  return out
}

/** `head` + the mask when the field is a secret's (and its value not masked already), else as it was. */
const maskIfSecret = (isSecret: boolean, whole: string, head: string, value: string) =>
  isSecret && !value.startsWith(REDACTED) ? `${head}${REDACTED}` : whole

/**
 * What every text `redactText` changes holds: a secret's name or a secret parameter's (any case;
 * `u` folds the Kelvin sign that lowercases to the `k` of `key`), a `%` escape, or a credential
 * scheme. Most answers hold none: they are given back as they are, without the passes below.
 */
const MAY_NEED_REDACTING = new RegExp(
  [NAMED_IN_TEXT, ...SECRET_PARAMETERS, '%', 'Bearer', 'Basic', 'eyJ'].join('|'),
  'iu',
)

/**
 * Whether a pass of `redactText` could change the text: each pattern needs its separator (`=`,
 * `:`) and masks by a secret's name, a substring of the text (or, for parameters, one of the
 * short names, which `MAY_NEED_REDACTING` tested for). A text without them is given back as it is,
 * as the pass would give it: no regex walks it.
 */
const mayHoldFormField = (text: string) => text.includes('=')
const mayHoldNamedField = (text: string) => text.includes(':') && NAMED_IN_TEXT_PATTERN.test(text)
const mayHoldCredential = (text: string) => text.includes('Bearer') || text.includes('Basic')

/** `redactText`'s passes, on a text that may need them. */
const redactedText = (text: string): string => {
  let out = text
  if (mayHoldFormField(out))
    out = out.replace(FORM_FIELD, (whole, head: string, name: string, value: string) =>
      maskIfSecret(isSecretParameter(decoded(name)), whole, head, value),
    )
  out = decoded(out)
  if (mayHoldNamedField(out))
    out = out.replace(JSON_FIELD, (whole, head: string, name: string, value: string) =>
      maskIfSecret(isSecretName(name), whole, head, value),
    )
  // Again once decoded: a field spelt with escapes (`a%3Dpassword%3Dx`) shows itself only now.
  if (mayHoldFormField(out))
    out = out.replace(FORM_FIELD, (whole, head: string, name: string, value: string) =>
      maskIfSecret(isSecretParameter(name), whole, head, value),
    )
  if (mayHoldNamedField(out))
    out = out.replace(
      LINE_FIELD,
      (whole, head: string, _quote: string, name: string, value: string) =>
        // A flag about a secret (`"hasApiKey": true`) gives nothing away, as in redactJson.
        JSON_FLAG.test(value) ? whole : maskIfSecret(isSecretName(name), whole, head, value),
    )
  if (out.includes('eyJ')) out = out.replace(JWT_IN_TEXT, REDACTED)
  return mayHoldCredential(out) ? out.replace(CREDENTIAL, `$1 ${REDACTED}`) : out
}

/**
 * Text with secret fields masked by their names (JSON-like, form-like and `name: value` lines) and
 * credentials masked: for text that is not a parsed JSON value (a malformed body, a query string, a log).
 */
export const redactText = remembered((text: string): string =>
  MAY_NEED_REDACTING.test(text) ? redactedText(text) : text,
)

/** A value as `maskValue` writes it: the mask, and the length of what it hid when that was a string. */
const MASKED_VALUE = /^\[REDACTED\](?: \((\d{1,7}) chars\))?$/

/**
 * Whether a string is a whole value the kit masked (`[REDACTED] (36 chars)`), and the length it
 * hid (null when not written): a masked copy that comes back as data (a rule made from a journal
 * entry) is answered as a fresh value of that length, never as the mask.
 */
export const maskedValueLength = (text: string): number | null | undefined => {
  const match = MASKED_VALUE.exec(text)
  if (!match) return undefined
  return match[1] === undefined ? null : Number(match[1])
}

/** A masked value, with its length; one masked already (a proxy masks before it journals) stays as it is. */
const maskValue = (value: unknown) =>
  typeof value !== 'string'
    ? REDACTED
    : value.startsWith(REDACTED)
      ? value
      : `${REDACTED} (${value.length} chars)`

const NO_VALUES = { has: () => false }

/** A JSON key: no secret's, a secret's name (`apiKey`), or the object of tokens (`tokens`, a name too). */
export const PLAIN_KEY = 0
export const TOKENS_KEY = 2
export const keyKindOf = remembered((key: string) =>
  SECRET_OBJECT_KEY.test(key) ? TOKENS_KEY : isSecretName(key) ? 1 : PLAIN_KEY,
)

/** A flag about a secret (`hasApiKey: true`, `apiKeyLastFour: null`) gives nothing away. */
const isFlag = (item: unknown) => typeof item === 'boolean' || item === null

/** Deeper JSON is not walked: its content is masked whole. */
export const MAX_DEPTH = 64

/**
 * A copy of a JSON value with every secret field masked (`apiKey`, every value under `tokens`…),
 * and every string equal to one of `values` masked wherever it stands (a known secret echoed whole).
 */
export const redactJson = (
  value: unknown,
  values: { readonly has: (value: string) => boolean } = NO_VALUES,
  depth = 0,
): unknown => {
  if (depth > MAX_DEPTH) return REDACTED
  if (typeof value === 'string') return values.has(value) ? maskValue(value) : value
  if (Array.isArray(value)) return value.map((item) => redactJson(item, values, depth + 1))
  if (typeof value !== 'object' || value === null) return value
  const copy: Record<string, unknown> = {}
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue
    const item: unknown = Reflect.get(value, key)
    const kind = keyKindOf(key)
    let kept: unknown
    if (kind === TOKENS_KEY && typeof item === 'object' && item !== null) {
      const tokens: Record<string, unknown> = {}
      for (const name in item)
        if (Object.hasOwn(item, name)) setOwn(tokens, name, maskValue(Reflect.get(item, name)))
      kept = tokens
    } else if (kind !== PLAIN_KEY && !isFlag(item)) kept = maskValue(item)
    else kept = redactJson(item, values, depth + 1)
    setOwn(copy, key, kept)
  }
  return copy
}

/**
 * Whether `redactJson(value, values)` masks anything in `value`. When it does not, its copy is
 * the value again, and the value itself can be written out: no copy of every object in it.
 */
export const holdsSecret = (
  value: unknown,
  values: { readonly has: (value: string) => boolean } = NO_VALUES,
  depth = 0,
): boolean => {
  if (depth > MAX_DEPTH) return true
  if (typeof value === 'string') return values.has(value)
  if (Array.isArray(value)) return value.some((item) => holdsSecret(item, values, depth + 1))
  if (typeof value !== 'object' || value === null) return false
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue
    const item: unknown = Reflect.get(value, key)
    const kind = keyKindOf(key)
    if (kind === TOKENS_KEY && typeof item === 'object' && item !== null) return true
    if (kind !== PLAIN_KEY && !isFlag(item)) return true
    if (holdsSecret(item, values, depth + 1)) return true
  }
  return false
}
