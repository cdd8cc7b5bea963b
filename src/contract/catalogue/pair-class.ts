import { ID_CLASSES } from './id-classes.js'
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
    'two values that each break a rule of their own, in one request: two path ids, a path id and a body field, two body fields; and a broken body field under a media type other than JSON’s',
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
 * The pairs an operation is sent: its first two path ids, its first path id with its first body
 * field, and its first two body fields (top-level ones: independent rules). A few requests an operation, so that a default
 * run stays the size it was.
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
  const pairs: Placed[][] = []
  const [firstParam] = params
  const [firstField, secondField] = body
  const [, secondParam] = params
  if (firstParam && secondParam) pairs.push([firstParam, secondParam])
  if (firstParam && firstField) pairs.push([firstParam, firstField])
  if (firstField && secondField) pairs.push([firstField, secondField])
  return pairs
}

/** The body field the header pair breaks (sent under `OTHER_MEDIA_TYPE`): the first top-level one. */
export const headerPairOf = (bodyFields: readonly Field[]): Placed | undefined => {
  const [first] = bodyFields.filter((field) => field.path.length === 1)
  const placed = first && brokenValueOf(first)
  return placed && { ...placed, value: { ...placed.value, label: `sent as ${OTHER_MEDIA_TYPE}` } }
}
