import type { JsonSchema } from '../json-schema.js'
import type { ClassValue, Field, ValueClass } from './value-class.js'

/** A value of each JSON type, by the type's name. */
const OF_TYPE = {
  string: 'x',
  number: 12345,
  boolean: true,
  null: null,
  array: ['x'],
  object: {},
} as const
type JsonTypeName = keyof typeof OF_TYPE

/** The JSON type a schema asks for; integers are numbers to JSON. */
const typeNameOf = (schema: JsonSchema): JsonTypeName | undefined => {
  if (schema.enum !== undefined) return 'string'
  switch (schema.type) {
    case 'string':
    case 'boolean':
    case 'array':
    case 'object':
      return schema.type
    case 'integer':
    case 'number':
      return 'number'
    default:
      return undefined
  }
}

/**
 * A value of every other JSON type than the field's, `null` included. An enum's number is 0, its
 * first member's ordinal: ASP.NET Core's System.Text.Json and Jackson bind an integer to an enum
 * by its position by default, so a server written with them takes `0` for the first value, where
 * 12345 (no member's position) would be refused for another reason.
 */
const otherTypesOf = (schema: JsonSchema): ClassValue[] => {
  const own = typeNameOf(schema)
  if (own === undefined) return []
  return Object.entries(OF_TYPE)
    .filter(([name]) => name !== own)
    .map(([name, value]) =>
      name === 'number' && schema.enum !== undefined
        ? { value: 0, label: "number (the first value's ordinal)" }
        : { value, label: name },
    )
}

export const TYPE_CLASSES: readonly ValueClass[] = [
  {
    id: 'type/other',
    keyword: 'type',
    title: 'a value of every other JSON type, null included',
    expect: 'reject',
    breaks: 'type',
    why: 'the spec gives each field one type; null is not a string, and a number is not its text',
    spec: '§4',
    values: (field: Field) =>
      field.isParam || field.path.length === 0 ? [] : otherTypesOf(field.schema),
  },
]
