import type { JsonSchema } from '../json-schema.js'
import { idPrefixOf } from './string-classes.js'
import type { Field, ValueClass } from './value-class.js'

/** An id field: a string whose pattern is a TypeID prefix (`^wrk_.*`, spec §2.1). */
const isIdField = (schema: JsonSchema) => schema.type === 'string' && idPrefixOf(schema) !== ''

/** Characters outside the TypeID suffix alphabet (Crockford base32 leaves out i, l, o and u). */
const NOT_BASE32 = 'u'

/** A real id of the field's kind, made for the run. */
const freshId = (field: Field) => field.makeId(idPrefixOf(field.schema))

/** The same id with its prefix in capitals: `WRK_01…`. */
const prefixUpper = (id: string) => {
  const at = id.indexOf('_')
  return id.slice(0, at).toUpperCase() + id.slice(at)
}
/** The same id with its suffix in capitals: `wrk_01KD…`. */
const suffixUpper = (id: string) => {
  const at = id.indexOf('_')
  return id.slice(0, at + 1) + id.slice(at + 1).toUpperCase()
}

const idValues =
  (make: (field: Field) => string | undefined) =>
  (field: Field): readonly { value: string }[] => {
    if (!isIdField(field.schema)) return []
    const value = make(field)
    return value === undefined ? [] : [{ value }]
  }

const SPEC_IDS = '§2.1, §4'

/** Made-up malformed ids, for ids in the body and in the path alike. */
export const ID_CLASSES: readonly ValueClass[] = [
  {
    id: 'pattern/no-prefix',
    keyword: 'pattern',
    title: 'an id of the right length without its prefix',
    expect: 'reject',
    breaks: 'pattern',
    why: 'the spec gives every id its prefix',
    spec: SPEC_IDS,
    values: idValues((field) => 'z'.repeat(field.schema.minLength ?? 1)),
  },
  {
    id: 'pattern/prefix-case',
    keyword: 'pattern',
    title: 'an id with its prefix in capitals',
    expect: 'reject',
    breaks: 'pattern',
    why: 'the pattern names the prefix in lower case; a TypeID prefix is lower case',
    spec: SPEC_IDS,
    values: idValues((field) => prefixUpper(freshId(field))),
  },
  {
    id: 'pattern/no-underscore',
    keyword: 'pattern',
    title: 'an id whose prefix is not followed by its underscore',
    expect: 'reject',
    breaks: 'pattern',
    why: 'the pattern is the prefix and an underscore (`^wrk_`), not the prefix alone',
    spec: SPEC_IDS,
    values: idValues((field) => freshId(field).replace('_', '0')),
  },
  {
    id: 'pattern/other-kind',
    keyword: 'pattern',
    title: 'a real id of another kind, of the same length',
    expect: 'reject',
    breaks: 'pattern',
    why: 'the prefix says the kind: a team id is no worker id, whatever its length',
    spec: SPEC_IDS,
    values: idValues((field) => {
      const own = idPrefixOf(field.schema)
      const other = field.idPrefixes.find((p) => p !== own && p.length === own.length)
      return other === undefined ? undefined : field.makeId(other)
    }),
  },
  {
    id: 'id-length/below',
    keyword: 'minLength',
    title: 'a real id one character short',
    expect: 'reject',
    breaks: 'min-length',
    why: 'an id has the length the spec gives it',
    spec: SPEC_IDS,
    values: idValues((field) => freshId(field).slice(0, -1)),
  },
  {
    id: 'id-length/above',
    keyword: 'maxLength',
    title: 'a real id one character too long',
    expect: 'reject',
    breaks: 'max-length',
    why: 'an id has the length the spec gives it',
    spec: SPEC_IDS,
    values: idValues((field) => `${freshId(field)}0`),
  },
  {
    id: 'id/suffix-not-base32',
    keyword: 'pattern',
    title: 'the right prefix and length, a suffix outside base32',
    expect: 'either',
    why: 'the spec states prefix and length, and calls the id a TypeID (base32): checking either is fair',
    spec: SPEC_IDS,
    values: idValues((field) => {
      const prefix = `${idPrefixOf(field.schema)}_`
      return prefix + NOT_BASE32.repeat((field.schema.minLength ?? 0) - prefix.length)
    }),
  },
  {
    id: 'id/suffix-case',
    keyword: 'pattern',
    title: 'a real id with its suffix in capitals',
    expect: 'either',
    why: 'base32 decodes either case, and a TypeID is written in lower case: both readings are fair',
    spec: SPEC_IDS,
    values: idValues((field) => suffixUpper(freshId(field))),
  },
]

/** Ids made from the id of the resource the run really uses: they must not reach it. */
export const PATH_ID_CLASSES: readonly ValueClass[] = [
  {
    id: 'path-id/real-plus-one',
    keyword: 'path id',
    title: "the real resource's id with one character more",
    expect: 'reject',
    breaks: 'max-length',
    why: 'a server that cuts the id to its length would reach the real resource',
    spec: SPEC_IDS,
    values: (field) => (field.isParam ? [{ derive: (id) => `${id}0` }] : []),
  },
  {
    id: 'path-id/real-minus-one',
    keyword: 'path id',
    title: "the real resource's id with its last character missing",
    expect: 'reject',
    breaks: 'min-length',
    why: 'a server that matches ids by prefix would reach the real resource',
    spec: SPEC_IDS,
    values: (field) => (field.isParam ? [{ derive: (id) => id.slice(0, -1) }] : []),
  },
  {
    id: 'path-id/real-prefix-case',
    keyword: 'path id',
    title: "the real resource's id with its prefix in capitals",
    expect: 'reject',
    breaks: 'pattern',
    why: 'a server that compares ids without case would reach the real resource',
    spec: SPEC_IDS,
    values: (field) => (field.isParam ? [{ derive: prefixUpper }] : []),
  },
  {
    id: 'path-id/real-padded',
    keyword: 'path id',
    title: "the real resource's id with a space after it",
    expect: 'reject',
    breaks: 'max-length',
    why: 'a server that trims ids would reach the real resource',
    spec: SPEC_IDS,
    values: (field) => (field.isParam ? [{ derive: (id) => `${id} ` }] : []),
  },
  {
    id: 'path-id/real-suffix-case',
    keyword: 'path id',
    title: "the real resource's id with its suffix in capitals",
    expect: 'either',
    why: 'base32 decodes either case: reaching the resource or not are both fair',
    spec: SPEC_IDS,
    values: (field) => (field.isParam ? [{ derive: suffixUpper }] : []),
  },
  {
    id: 'path-id/empty',
    keyword: 'path id',
    title: 'an empty path segment where the id goes (`/v1/workers/`, `/v1/orgs//llm-providers/…`)',
    expect: 'reject',
    breaks: 'min-length',
    why: 'the id is required: a router that lets the segment be empty and a handler that falls back to a default resource update one the request did not name',
    spec: SPEC_IDS,
    values: (field) => (field.isParam ? [{ value: '' }] : []),
  },
  {
    id: 'path-id/unknown',
    keyword: 'path id',
    title: 'a well-formed id that names nothing',
    expect: 'reject',
    breaks: 'existence',
    why: 'there is nothing to update: a success would mean the server invented the resource',
    spec: '§4.1, §4.3',
    values: (field) => (field.isParam ? [{ value: freshId(field) }] : []),
  },
]
