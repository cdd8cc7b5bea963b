import type { z } from '@hono/zod-openapi'
import { jsonPointer } from '../common/json-pointer.js'
import { type JsonSchema, jsonSchemaOf, literalPrefixOf } from './json-schema.js'

/** Makes a valid id for a `^prefix_.*` string of the given prefix ("om" for "^om_.*"). */
export type IdMaker = (prefix: string) => string

/**
 * ASCII filler for sized strings: the spec does not say whether lengths count UTF-16 units or
 * code points, and on ASCII both agree, so a boundary case never depends on that choice.
 */
const FILLER = 'x'

export type Path = readonly (string | number)[]

/** A bound of one field: a string's length or an array's size, read from the schema. */
export type Limit = {
  /** JSON pointer below the request part, e.g. `/modelIds/0` or `/name`. */
  readonly pointer: string
  readonly path: Path
  readonly kind: 'length' | 'items'
  readonly min: number | undefined
  readonly max: number | undefined
  /** A value for `path` with exactly `size` characters or items, otherwise valid. */
  readonly valueOfSize: (size: number) => unknown
}

const idPrefixOf = (schema: JsonSchema) => {
  const prefix = literalPrefixOf(schema.pattern)
  return prefix?.endsWith('_') ? prefix.slice(0, -1) : undefined
}

/** A string of `size` characters that keeps the schema's pattern where the size allows it. */
const stringOfSize = (schema: JsonSchema, size: number, makeId: IdMaker): string => {
  const prefix = literalPrefixOf(schema.pattern) ?? ''
  const idPrefix = idPrefixOf(schema)
  if (idPrefix !== undefined) {
    const id = makeId(idPrefix)
    if (id.length === size) return id
  }
  return size >= prefix.length ? prefix + FILLER.repeat(size - prefix.length) : FILLER.repeat(size)
}

/** The smallest valid value of a schema: required properties only, minimum sizes. */
export const validValue = (schema: JsonSchema, makeId: IdMaker): unknown => {
  if (schema.enum && schema.enum.length > 0) return schema.enum[0]
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((key) => [
          key,
          validValue(schema.properties?.[key] ?? {}, makeId),
        ]),
      )
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () =>
        validValue(schema.items ?? {}, makeId),
      )
    case 'string':
      return stringOfSize(schema, Math.max(schema.minLength ?? 0, 1), makeId)
    case 'integer':
    case 'number':
      return 0
    case 'boolean':
      return true
    default:
      return null
  }
}

/** Every length and size bound in a schema, walking objects and array items. */
export const limitsOfJsonSchema = (
  schema: JsonSchema,
  makeId: IdMaker,
  path: Path = [],
): Limit[] => {
  const limits: Limit[] = []
  if (
    schema.type === 'string' &&
    (schema.minLength !== undefined || schema.maxLength !== undefined)
  ) {
    limits.push({
      pointer: jsonPointer(path),
      path,
      kind: 'length',
      min: schema.minLength,
      max: schema.maxLength,
      valueOfSize: (size) => stringOfSize(schema, size, makeId),
    })
  }
  if (schema.type === 'array') {
    const items = schema.items ?? {}
    if (schema.minItems !== undefined || schema.maxItems !== undefined) {
      limits.push({
        pointer: jsonPointer(path),
        path,
        kind: 'items',
        min: schema.minItems,
        max: schema.maxItems,
        valueOfSize: (size) => Array.from({ length: size }, () => validValue(items, makeId)),
      })
    }
    // An item's bound is exercised on the item at index 0 (`withValueAt` builds the array).
    limits.push(...limitsOfJsonSchema(items, makeId, [...path, 0]))
  }
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    for (const limit of limitsOfJsonSchema(property, makeId, [key])) {
      limits.push({
        ...limit,
        path: [...path, ...limit.path],
        pointer: jsonPointer([...path, ...limit.path]),
      })
    }
  }
  return limits
}

/** Every length and size bound of a Zod schema. */
export const limitsOf = (schema: z.ZodType, makeId: IdMaker): Limit[] =>
  limitsOfJsonSchema(jsonSchemaOf(schema), makeId)

/** The sizes to try around a bound, and whether each must be accepted. */
export const boundarySizes = ({ min, max }: Pick<Limit, 'min' | 'max'>) => {
  const sizes: { size: number; isValid: boolean }[] = []
  if (min !== undefined) {
    if (min > 0) sizes.push({ size: min - 1, isValid: false })
    sizes.push({ size: min, isValid: true })
  }
  if (max !== undefined) {
    if (max !== min) sizes.push({ size: max, isValid: true })
    sizes.push({ size: max + 1, isValid: false })
  }
  return sizes
}

/** A copy of `root` with `value` at `path` (the top-level key is replaced; deeper levels built). */
export const withValueAt = (root: unknown, path: Path, value: unknown): unknown => {
  const [head, ...rest] = path
  if (head === undefined) return value
  if (typeof head === 'number') {
    const array = Array.isArray(root) ? [...root] : []
    array[head] = withValueAt(array[head], rest, value)
    return array
  }
  const object = typeof root === 'object' && root !== null && !Array.isArray(root) ? root : {}
  return { ...object, [head]: withValueAt(Reflect.get(object, head), rest, value) }
}
