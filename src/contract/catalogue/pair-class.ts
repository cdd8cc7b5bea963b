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

/**
 * The classes that break a field within its own type, in the order they are tried: a field's
 * lower side first (an empty name, an empty list), then its upper side (a name over its maximum,
 * a list over its bound). An enum value outside the list and a pattern fit either side.
 */
const LOWER_FIRST = [
  'min-length/below',
  'min-items/below',
  'enum/outside',
  'pattern/no-prefix',
  'max-length/above',
  'max-items/above',
]
const UPPER_FIRST = [
  'max-length/above',
  'max-items/above',
  'enum/outside',
  'pattern/no-prefix',
  'min-length/below',
  'min-items/below',
]
const SAME_TYPE_CLASSES = [...STRING_CLASSES, ...ENUM_CLASSES, ...ID_CLASSES, ...ARRAY_CLASSES]

/** A value of `field` that breaks a rule within its own type (a length, an enum, a pattern, a count). */
const sameTypeBrokenValueOf = (
  field: Field,
  order: readonly string[] = LOWER_FIRST,
): Placed | undefined => {
  for (const id of order) {
    const valueClass = SAME_TYPE_CLASSES.find((c) => c.id === id)
    const value = valueClass?.values(field).find((v) => 'value' in v)
    const breaks = valueClass?.breaks
    if (value && breaks !== undefined && breaks !== 'item' && breaks !== 'existence')
      return { field, value: { ...value, breaks: value.breaks ?? breaks } }
  }
  return undefined
}

/** A top-level body field broken for a pair: within its own type where it has a rule, else by another type. */
const pairValueOf = (field: Field) => sameTypeBrokenValueOf(field) ?? brokenValueOf(field)

/**
 * The pairs an operation is sent: every two of its path ids, every path id with every top-level
 * body field, every two top-level body fields (independent rules: each is judged alone), each
 * field broken by its own rule where it has one (an enum value outside the list, a length), else
 * by another JSON type, a path id without its prefix; and its first path id again with its first
 * body field of another type (a server's error path may differ by the kind of the second error).
 * About fifty requests a run.
 */
export const pairsOf = (
  bodyFields: readonly Field[],
  paramFields: readonly Field[],
): Placed[][] => {
  const topLevel = bodyFields.filter((field) => field.path.length === 1)
  const body = topLevel.map(pairValueOf).filter((placed) => placed !== undefined)
  const params = paramFields.map(brokenValueOf).filter((placed) => placed !== undefined)
  const twoOf = (items: readonly Placed[]) =>
    items.flatMap((one, i) => items.slice(i + 1).map((other) => [one, other]))
  const pairs = [
    ...twoOf(params),
    ...params.flatMap((param) => body.map((field) => [param, field])),
    ...twoOf(body),
  ]
  const [firstParam] = params
  const [firstField] = topLevel
  const ofAnotherType = firstField && brokenValueOf(firstField)
  if (firstParam && ofAnotherType) pairs.push([firstParam, ofAnotherType])
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
 * value, a count), on its lower side and on its upper: with its path ids valid, malformed, and well
 * formed but naming nothing. A server
 * that fails on some two (or more) rules of kinds a pair of wrong types does not reach (an empty
 * name beside an unknown destination, two lists over their bound, a long key beside a bad id) meets
 * them here. Two to six requests an operation.
 */
export const allAtOnceOf = (
  bodyFields: readonly Field[],
  paramFields: readonly Field[],
): Placed[][] => {
  const topLevel = bodyFields.filter((field) => field.path.length === 1)
  const everyRule = (order: readonly string[]) =>
    topLevel
      .map((field) => sameTypeBrokenValueOf(field, order))
      .filter((placed) => placed !== undefined)
      .map((placed) => ({ ...placed, value: { ...placed.value, label: 'every rule at once' } }))
  const lower = everyRule(LOWER_FIRST)
  const upper = everyRule(UPPER_FIRST)
  const sides =
    JSON.stringify(lower.map((p) => p.value)) === JSON.stringify(upper.map((p) => p.value))
      ? [lower]
      : [lower, upper]
  const unknown = PATH_ID_CLASSES.find((c) => c.id === 'path-id/unknown')
  const unknownIds = paramFields.flatMap((field): Placed[] => {
    const value = unknown?.values(field).find((v) => 'value' in v)
    return value ? [{ field, value }] : []
  })
  const malformedIds = paramFields.map(brokenValueOf).filter((placed) => placed !== undefined)
  return sides.flatMap((body) =>
    body.length === 0
      ? []
      : [
          ...(body.length >= 2 ? [body] : []),
          ...(paramFields.length > 0
            ? [
                [...malformedIds, ...body],
                [...unknownIds, ...body],
              ]
            : []),
        ],
  )
}
