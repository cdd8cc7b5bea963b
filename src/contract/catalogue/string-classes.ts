import { type JsonSchema, literalPrefixOf } from '../json-schema.js'
import type { ClassValue, Field, ValueClass } from './value-class.js'

/**
 * One character in each width a store may count: ASCII (1 byte in UTF-8, 1 UTF-16 unit, 1 code
 * point), a 2-byte letter (é: 2 bytes, 1 unit, 1 code point) and an astral one (𝄞: 4 bytes, 2
 * units, 1 code point). The spec counts characters (§4, §8) and does not say in which unit.
 */
const ASCII = 'x'
const MULTIBYTE = 'é'
const ASTRAL = '𝄞'

/**
 * Characters JSON must escape (quote, backslash, the control characters) and the solidus it may,
 * inside an otherwise plain value: a server that splices text into JSON or SQL by hand breaks here.
 */
const JSON_ESCAPED = 'a"b\\c/d\ne\tf\rg\bh\fi\u0001j\u001fk'

/**
 * Text a byte-, BMP- or ASCII-minded store mangles: astral characters (MySQL utf8mb3 stores "?"),
 * an emoji ZWJ sequence, a decomposed é (a server may store it composed: the checks compare in
 * NFC), Hebrew, a zero-width space, and two spaces in a row inside (a server may trim, not
 * collapse them). Short: below every bound, in any unit.
 */
const UNUSUAL_TEXT = 'Grüße 𝄞 😀 👩\u200d💻 e\u0301 漢字 עברית a\u200bb two  spaces'

/**
 * Longer than every text bound the spec sets (255; the 65 535 of `apiKey` bounds a key, not text),
 * for text the spec leaves without a maximum: a server that invents a column width fails.
 */
const UNBOUNDED_LENGTH = 1024

/** The prefix of an id field, without its underscore: `^wrk_.*` → `wrk`. */
export const idPrefixOf = (schema: JsonSchema) =>
  literalPrefixOf(schema.pattern)?.replace(/_$/, '') ?? ''

/** A string field any text fits: no pattern, no enum (names, descriptions, model ids, keys). */
const isFreeText = (schema: JsonSchema) =>
  schema.type === 'string' && schema.pattern === undefined && schema.enum === undefined

/** Text of `size` characters in one width, led by `lead` where the size leaves room for it. */
const sized = (unit: string, size: number, lead = '') =>
  size > lead.length ? lead + unit.repeat(size - lead.length) : unit.repeat(size)

/** The field's name, leading a value: an `apiKey` never equals a field that is echoed back. */
const leadOf = (field: Field) => `${String(field.path.at(-1) ?? '')} `

const textValues =
  (
    when: (schema: JsonSchema) => number | undefined,
    make: (size: number, field: Field) => string,
  ) =>
  (field: Field): readonly ClassValue[] => {
    if (!isFreeText(field.schema)) return []
    const size = when(field.schema)
    return size === undefined ? [] : [{ value: make(size, field) }]
  }

const minOf = (schema: JsonSchema) =>
  schema.minLength !== undefined && schema.minLength > 0 ? schema.minLength : undefined
const maxOf = (schema: JsonSchema) => schema.maxLength

/** A size between the bounds that leaves room for `text` (or the text cut to the maximum). */
const within = (schema: JsonSchema, text: string) => {
  const max = schema.maxLength ?? Number.POSITIVE_INFINITY
  const cut = [...text].slice(0, max).join('')
  return cut.length >= (schema.minLength ?? 0) ? cut : cut.padEnd(schema.minLength ?? 0, ASCII)
}

const SPEC_LENGTHS = '§4, §8'
const UNIT_WHY = 'the spec counts characters and does not say in which unit'

export const STRING_CLASSES: readonly ValueClass[] = [
  {
    id: 'min-length/below',
    keyword: 'minLength',
    title: 'one character under the minimum (ASCII)',
    expect: 'reject',
    breaks: 'min-length',
    why: 'shorter than the minimum the spec sets',
    spec: SPEC_LENGTHS,
    values: textValues(minOf, (size) => sized(ASCII, size - 1)),
  },
  {
    id: 'min-length/at',
    keyword: 'minLength',
    title: 'at the minimum (ASCII)',
    expect: 'accept',
    why: 'the minimum itself is allowed',
    spec: SPEC_LENGTHS,
    values: textValues(minOf, (size) => sized(ASCII, size)),
  },
  {
    id: 'min-length/at-multibyte',
    keyword: 'minLength',
    title: `at the minimum, in 2-byte characters (${MULTIBYTE})`,
    expect: 'accept',
    why: `${UNIT_WHY}; in UTF-16 units and in code points alike this is the minimum`,
    spec: SPEC_LENGTHS,
    values: textValues(minOf, (size) => sized(MULTIBYTE, size)),
  },
  {
    id: 'min-length/at-astral',
    keyword: 'minLength',
    title: `at the minimum, in astral characters (${ASTRAL})`,
    expect: 'accept',
    why: `${UNIT_WHY}; counted in code points or in UTF-16 units, it is at least the minimum`,
    spec: SPEC_LENGTHS,
    values: textValues(minOf, (size) => sized(ASTRAL, size)),
  },
  {
    id: 'min-length/whitespace',
    keyword: 'minLength',
    title: 'only spaces, as many as the minimum',
    expect: 'accept',
    why: 'the spec counts characters, not words: a space is a character',
    spec: SPEC_LENGTHS,
    values: textValues(minOf, (size) => ' '.repeat(size)),
  },
  {
    id: 'max-length/at',
    keyword: 'maxLength',
    title: 'at the maximum (ASCII)',
    expect: 'accept',
    why: 'the maximum itself is allowed',
    spec: SPEC_LENGTHS,
    values: textValues(maxOf, (size, field) => sized(ASCII, size, leadOf(field))),
  },
  {
    id: 'max-length/above',
    keyword: 'maxLength',
    title: 'one character over the maximum (ASCII)',
    expect: 'reject',
    breaks: 'max-length',
    why: 'longer than the maximum the spec sets',
    spec: SPEC_LENGTHS,
    values: textValues(maxOf, (size, field) => sized(ASCII, size + 1, leadOf(field))),
  },
  {
    id: 'max-length/at-multibyte',
    keyword: 'maxLength',
    title: `at the maximum, in 2-byte characters (${MULTIBYTE})`,
    expect: 'accept',
    why: `${UNIT_WHY}; in UTF-16 units and in code points alike this is the maximum (a server counting bytes refuses it)`,
    spec: SPEC_LENGTHS,
    values: textValues(maxOf, (size, field) => sized(MULTIBYTE, size, leadOf(field))),
  },
  {
    id: 'max-length/above-multibyte',
    keyword: 'maxLength',
    title: `one character over the maximum, in 2-byte characters (${MULTIBYTE})`,
    expect: 'reject',
    breaks: 'max-length',
    why: 'longer than the maximum in any unit',
    spec: SPEC_LENGTHS,
    values: textValues(maxOf, (size, field) => sized(MULTIBYTE, size + 1, leadOf(field))),
  },
  {
    id: 'max-length/at-astral',
    keyword: 'maxLength',
    title: `at the maximum, in astral characters (${ASTRAL})`,
    expect: 'either',
    why: `${UNIT_WHY}: the maximum in code points, twice it in UTF-16 units; both readings are allowed`,
    spec: SPEC_LENGTHS,
    values: textValues(maxOf, (size, field) => sized(ASTRAL, size, leadOf(field))),
  },
  {
    id: 'max-length/above-astral',
    keyword: 'maxLength',
    title: `one character over the maximum, in astral characters (${ASTRAL})`,
    expect: 'reject',
    breaks: 'max-length',
    why: 'longer than the maximum in code points and in UTF-16 units',
    spec: SPEC_LENGTHS,
    values: textValues(maxOf, (size, field) => sized(ASTRAL, size + 1, leadOf(field))),
  },
  {
    id: 'string/empty',
    keyword: 'string',
    title: 'the empty string, where no minimum is set',
    expect: 'accept',
    why: 'a string with no minimum may be empty',
    spec: '§4',
    values: (field) =>
      isFreeText(field.schema) && minOf(field.schema) === undefined ? [{ value: '' }] : [],
  },
  {
    id: 'string/long',
    keyword: 'string',
    title: `${UNBOUNDED_LENGTH} characters, where no maximum is set`,
    expect: 'accept',
    why: 'the spec sets no maximum: a server that invents one (a column width) breaks the contract',
    spec: '§4, §8',
    values: (field) =>
      isFreeText(field.schema) && field.schema.maxLength === undefined
        ? [{ value: sized(ASCII, UNBOUNDED_LENGTH, leadOf(field)) }]
        : [],
  },
  {
    id: 'string/json-escapes',
    keyword: 'string',
    title: 'a quote, a backslash and control characters inside the value',
    expect: 'accept',
    why: 'any JSON string is a string; the value must come back as it was sent',
    spec: '§1 (bodies are JSON), §4',
    values: textValues(
      () => 0,
      (_, field) => within(field.schema, `${leadOf(field)}${JSON_ESCAPED}`),
    ),
  },
  {
    id: 'string/unusual-text',
    keyword: 'string',
    title: 'astral, combining, right-to-left and zero-width characters',
    expect: 'accept',
    why: 'any text is a string; it must come back as sent (compared in Unicode NFC)',
    spec: '§4',
    values: textValues(
      () => 0,
      (_, field) => within(field.schema, `${leadOf(field)}${UNUSUAL_TEXT}`),
    ),
  },
  {
    id: 'string/unicode-escapes',
    keyword: 'string',
    title: 'a valid value written as \\u escapes (at the maximum where there is one)',
    expect: 'accept',
    why: 'the same JSON string in other bytes: a server that checks the raw text breaks here',
    spec: '§1 (bodies are JSON)',
    values: (field) => {
      if (field.isParam || field.schema.type !== 'string' || field.schema.enum !== undefined)
        return []
      if (!isFreeText(field.schema))
        return [{ value: field.makeId(idPrefixOf(field.schema)), escaped: 'all' }]
      const max = field.schema.maxLength
      const text = max === undefined ? `${leadOf(field)}escaped` : sized(ASCII, max, leadOf(field))
      return [{ value: within(field.schema, text), escaped: 'all' }]
    },
  },
  {
    id: 'string/escape-spellings',
    keyword: 'string',
    title:
      'a slash, an astral and an accented character written as `\\/` and upper-case `\\u` escapes',
    expect: 'accept',
    why: 'JSON spells the same string many ways (RFC 8259 §7): the value must come back as it was meant',
    spec: '§1 (bodies are JSON), §4',
    values: (field) =>
      isFreeText(field.schema)
        ? [{ value: within(field.schema, `${leadOf(field)}a/b 😀 é`), escaped: 'mixed' }]
        : [],
  },
  {
    id: 'string/nul',
    keyword: 'string',
    title: 'a NUL character inside the value',
    expect: 'either',
    why: 'JSON allows it, and many stores (PostgreSQL text) cannot hold it: the spec says nothing, so a 4xx is allowed, a 5xx is not',
    spec: '§4',
    values: textValues(
      () => 0,
      (_, field) => within(field.schema, `${leadOf(field)}a\u0000b`),
    ),
  },
  {
    id: 'string/lone-surrogate',
    keyword: 'string',
    title: 'an unpaired surrogate (\\ud800) inside the value',
    expect: 'either',
    why: 'JSON allows the escape but it is no Unicode text (RFC 8259 §8.2): accepting or refusing it are both fair, a 5xx is not',
    spec: '§1 (bodies are JSON)',
    values: textValues(
      () => 0,
      (_, field) => within(field.schema, `${leadOf(field)}a\ud800b`),
    ),
  },
]
