import type { OperationEntry } from '../api/operation-table.js'
import { hasLoneSurrogate } from '../common/lone-surrogate.js'
import { TYPEID_ALPHABET } from '../common/type-id.js'
import { type JsonSchema, jsonSchemaOf, literalPrefixOf } from './json-schema.js'

/** A character many stores refuse whatever the spec says (PostgreSQL text cannot hold it). */
const NUL = '\u0000'
/** A TypeID suffix as the ids are made: the alphabet, in lower case. */
const BASE32_SUFFIX = new RegExp(`^[${TYPEID_ALPHABET}]+$`)

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Why an id of the right prefix and length may be read either way (its suffix's case or alphabet). */
const idReading = (value: string, schema: JsonSchema): string | undefined => {
  const prefix = literalPrefixOf(schema.pattern)
  if (prefix === undefined || !value.startsWith(prefix)) return undefined
  // Of another length, it breaks the spec's rule whatever its suffix: judged as such.
  if (value.length < (schema.minLength ?? 0) || value.length > (schema.maxLength ?? Infinity))
    return undefined
  return BASE32_SUFFIX.test(value.slice(prefix.length))
    ? undefined
    : 'an id whose suffix is in capitals or outside base32'
}

/** Any surrogate unit: a text without one has no lone one and counts its code points as its units. */
const SURROGATE = /[\uD800-\uDFFF]/

/** Why a string may be read either way: its unit of length, a NUL, a lone surrogate. */
const textReading = (value: string, schema: JsonSchema): string | undefined => {
  const hasSurrogate = SURROGATE.test(value)
  if (hasSurrogate && hasLoneSurrogate(value)) return 'a lone surrogate'
  if (value.includes(NUL)) return 'a NUL character'
  if (hasSurrogate) {
    const codePoints = [...value].length
    const fits = (size: number) =>
      size >= (schema.minLength ?? 0) && size <= (schema.maxLength ?? Number.POSITIVE_INFINITY)
    if (fits(codePoints) !== fits(value.length))
      return 'a length that code points and UTF-16 units count differently'
  }
  return idReading(value, schema)
}

/** The first reason found in a value under its schema. */
const readingOf = (value: unknown, schema: JsonSchema, depth = 0): string | undefined => {
  if (typeof value === 'string') return textReading(value, schema)
  if (depth > 4) return undefined // the API's bodies nest two levels
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = readingOf(item, schema.items ?? {}, depth + 1)
      if (found) return found
    }
    return undefined
  }
  if (!isObject(value)) return undefined
  for (const [key, item] of Object.entries(value)) {
    const property = schema.properties?.[key]
    if (property === undefined) return `a property the spec does not name (${key})`
    const found = readingOf(item, property, depth + 1)
    if (found) return found
  }
  return undefined
}

/**
 * Why the spec reads a request two ways, or undefined: a request that holds a value of an `either`
 * class of docs/CATALOGUE.md (a property the spec does not name, a length counted differently in
 * code points and UTF-16 units, a NUL or a lone surrogate, an id whose suffix is in capitals or
 * outside base32). A server may accept it or refuse it: traffic that holds one has no expectation,
 * unless the body lacks a required property, which no reading makes right.
 */
export const readsTwoWays = (
  operation: OperationEntry,
  params: Readonly<Record<string, string>>,
  json: unknown,
): string | undefined => {
  const paramsSchema = operation.paramsSchema ? jsonSchemaOf(operation.paramsSchema) : undefined
  for (const [name, value] of Object.entries(params)) {
    const found = idReading(value, paramsSchema?.properties?.[name] ?? {})
    if (found) return found
  }
  const schema = jsonSchemaOf(operation.bodySchema)
  // A body without a property the spec requires is refused however its others are read: a
  // property the spec does not name beside it (`Name` for `name`) does not make it two ways.
  if (isObject(json) && (schema.required ?? []).some((key) => !Object.hasOwn(json, key)))
    return undefined
  return readingOf(json, schema)
}
