import { ARRAY_CLASSES } from './array-classes.js'
import { ENUM_CLASSES } from './enum-classes.js'
import { ID_CLASSES, PATH_ID_CLASSES } from './id-classes.js'
import { STRING_CLASSES } from './string-classes.js'
import { TYPE_CLASSES } from './type-classes.js'
import type { ClassValue, Field, ValueClass } from './value-class.js'

/**
 * Violations in pairs: one request that breaks two independent rules at once, a path id and a body
 * field, or two body fields. Each negative class breaks one rule; a server that validates rules
 * one by one and fails when two break together (collecting errors, then crashing on the second;
 * reading a body before the id it has refused) answers 5xx here alone. Any 4xx is right.
 */
export const PAIR_CLASS: ValueClass = {
  id: 'pair/two-rules',
  keyword: 'two rules',
  title:
    'two values that each break a rule of their own, in one request: every two path ids, every path id and body field, every two body fields; a broken body field under a media type other than JSON’s; and every rule of the body at once, beside valid, malformed and unknown path ids',
  expect: 'reject',
  breaks: 'type',
  why: 'a server that checks each rule alone may fail when two break together; any 4xx is right, whichever it names (a server may refuse the media type, or read the body and refuse the field)',
  spec: '§4, §8',
  // Its values are other classes' (pairsOf): it places none of its own on one field.
  values: () => [],
}

/** Placed values of a pair: each the first value its field's own class rejects. */
type Placed = { readonly field: Field; readonly value: ClassValue }

/** A body field's broken value (another JSON type), or a path id's (no prefix), with its rule. */
const brokenValueOf = (field: Field): Placed | undefined => {
  const classId = field.isParam ? 'pattern/no-prefix' : 'type/other'
  const valueClass = [...TYPE_CLASSES, ...ID_CLASSES].find((c) => c.id === classId)
  const value = valueClass?.values(field).find((v) => 'value' in v)
  if (!valueClass || !value || !('value' in value)) return undefined
  const breaks =
    value.breaks ??
    (valueClass.breaks === 'item' || valueClass.breaks === 'existence'
      ? undefined
      : valueClass.breaks)
  return { field, value: breaks === undefined ? value : { ...value, breaks } }
}

/** The media type the header pair sends its body under: not JSON's, and what a form or a proxy may set. */
export const OTHER_MEDIA_TYPE = 'text/plain'

/** The classes whose first value breaks a field within its own type, in the order they are tried. */
const SAME_TYPE_CLASSES = [
  'min-length/below',
  'enum/outside',
  'pattern/no-prefix',
  'max-length/above',
  'min-items/below',
  'max-items/above',
]

/** A value of `field` that breaks a rule within the field's own type (a length, an enum, a pattern). */
const sameTypeBrokenValueOf = (field: Field): Placed | undefined => {
  for (const id of SAME_TYPE_CLASSES) {
    const valueClass = [...STRING_CLASSES, ...ENUM_CLASSES, ...ID_CLASSES, ...ARRAY_CLASSES].find(
      (c) => c.id === id,
    )
    const value = valueClass?.values(field).find((v) => 'value' in v)
    const breaks = valueClass?.breaks
    if (value && breaks !== undefined && breaks !== 'item' && breaks !== 'existence')
      return { field, value: { ...value, breaks: value.breaks ?? breaks } }
  }
  return undefined
}

/**
 * The pairs an operation is sent: every two of its path ids, every path id with every top-level
 * body field, every two top-level body fields (independent rules: each is judged alone), each
 * broken by another JSON type (a path id: without its prefix); and its first path id again with
 * its first body field broken within its own type (a server's error path may differ by the kind
 * of the second error). About fifty requests a run.
 */
export const pairsOf = (
  bodyFields: readonly Field[],
  paramFields: readonly Field[],
): Placed[][] => {
  const body = bodyFields
    .filter((field) => field.path.length === 1)
    .map(brokenValueOf)
    .filter((placed) => placed !== undefined)
  const params = paramFields.map(brokenValueOf).filter((placed) => placed !== undefined)
  const twoOf = (items: readonly Placed[]) =>
    items.flatMap((one, i) => items.slice(i + 1).map((other) => [one, other]))
  const pairs = [
    ...twoOf(params),
    ...params.flatMap((param) => body.map((field) => [param, field])),
    ...twoOf(body),
  ]
  const [firstParam] = params
  const [firstField] = bodyFields.filter((field) => field.path.length === 1)
  const sameType = firstField && sameTypeBrokenValueOf(firstField)
  if (firstParam && sameType) pairs.push([firstParam, sameType])
  return pairs
}

/** The body field the header pair breaks (sent under `OTHER_MEDIA_TYPE`): the first top-level one. */
export const headerPairOf = (bodyFields: readonly Field[]): Placed | undefined => {
  const [first] = bodyFields.filter((field) => field.path.length === 1)
  const placed = first && brokenValueOf(first)
  return placed && { ...placed, value: { ...placed.value, label: `sent as ${OTHER_MEDIA_TYPE}` } }
}

/**
 * Every rule of an operation's body broken at once, each within its field's type (a length, an enum
 * value, a count): with its path ids valid, malformed, and well formed but naming nothing. A server
 * that fails on some two (or more) rules of kinds a pair of wrong types does not reach (an empty
 * name beside an unknown destination, two lists over their bound, a long key beside a bad id) meets
 * them here. A request or three an operation.
 */
export const allAtOnceOf = (
  bodyFields: readonly Field[],
  paramFields: readonly Field[],
): Placed[][] => {
  const body = bodyFields
    .filter((field) => field.path.length === 1)
    .map(sameTypeBrokenValueOf)
    .filter((placed) => placed !== undefined)
    .map((placed) => ({ ...placed, value: { ...placed.value, label: 'every rule at once' } }))
  if (body.length === 0) return []
  const unknown = PATH_ID_CLASSES.find((c) => c.id === 'path-id/unknown')
  const unknownIds = paramFields.flatMap((field): Placed[] => {
    const value = unknown?.values(field).find((v) => 'value' in v)
    return value ? [{ field, value }] : []
  })
  const malformedIds = paramFields.map(brokenValueOf).filter((placed) => placed !== undefined)
  return [
    ...(body.length >= 2 ? [body] : []),
    ...(paramFields.length > 0
      ? [
          [...malformedIds, ...body],
          [...unknownIds, ...body],
        ]
      : []),
  ]
}
