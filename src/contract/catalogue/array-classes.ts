import { validValue } from '../limits.js'
import type { ClassValue, Field, ValueClass } from './value-class.js'

const SPEC_ARRAYS = '§4.1, §8'

const isArray = (field: Field) => field.schema.type === 'array'

/** `size` valid items, each its own value (ids: distinct real TypeIDs). */
const itemsOf = (field: Field, size: number): unknown[] =>
  Array.from({ length: size }, () => validValue(field.schema.items ?? {}, field.makeId))

const sizedValues =
  (sizeOf: (field: Field) => number | undefined) =>
  (field: Field): readonly ClassValue[] => {
    const size = isArray(field) ? sizeOf(field) : undefined
    return size === undefined || size < 0 ? [] : [{ value: itemsOf(field, size) }]
  }

/**
 * One bad item of each rule an item breaks (its type, its length, its pattern…): where a bad item
 * sits in a list is what the classes past `items/bad-first` are about, and `items/bad-first` sends
 * every bad item there is. A third of the requests, and none of the 500-item lists, go.
 */
const onePerRule = (field: Field) =>
  field.badItems.filter(
    (bad, index) => field.badItems.findIndex((other) => other.breaks === bad.breaks) === index,
  )

/** Items in the array a bad one goes into: the first, one in the middle and the last. */
const POSITIONS = 3

const badAt =
  (index: number) =>
  (field: Field): readonly ClassValue[] => {
    const max = field.schema.maxItems ?? Number.POSITIVE_INFINITY
    if (!isArray(field) || max < POSITIONS) return []
    return (index === 0 ? field.badItems : onePerRule(field)).map(({ value, breaks }) => {
      const items = itemsOf(field, POSITIONS)
      items[index] = value
      return { value: items, brokenAt: [index], breaks }
    })
  }

export const ARRAY_CLASSES: readonly ValueClass[] = [
  {
    id: 'min-items/below',
    keyword: 'minItems',
    title: 'one item under the minimum',
    expect: 'reject',
    breaks: 'min-items',
    why: 'fewer items than the minimum the spec sets',
    spec: SPEC_ARRAYS,
    values: sizedValues((field) => {
      const min = field.schema.minItems
      return min === undefined || min === 0 ? undefined : min - 1
    }),
  },
  {
    id: 'min-items/at',
    keyword: 'minItems',
    title: 'at the minimum',
    expect: 'accept',
    why: 'the minimum itself is allowed',
    spec: SPEC_ARRAYS,
    values: sizedValues((field) => field.schema.minItems),
  },
  {
    id: 'max-items/at',
    keyword: 'maxItems',
    title: 'at the maximum, every item different',
    expect: 'accept',
    why: 'the maximum itself is allowed',
    spec: SPEC_ARRAYS,
    values: sizedValues((field) => field.schema.maxItems),
  },
  {
    id: 'max-items/above',
    keyword: 'maxItems',
    title: 'one item over the maximum',
    expect: 'reject',
    breaks: 'max-items',
    why: 'more items than the maximum the spec sets',
    spec: SPEC_ARRAYS,
    values: (field) => {
      const max = field.schema.maxItems
      if (!isArray(field) || max === undefined) return []
      const distinct = itemsOf(field, max + 1)
      // The same count with one item repeated: a server that counts distinct items lets it through.
      const repeated = [...distinct.slice(0, max), distinct[0]]
      return [{ value: distinct }, { value: repeated, label: 'one repeated' }]
    },
  },
  {
    id: 'array/empty',
    keyword: 'maxItems',
    title: 'empty, where only a maximum is set',
    expect: 'accept',
    why: 'no minimum: an empty list is allowed (e.g. no member restriction)',
    spec: SPEC_ARRAYS,
    values: sizedValues((field) => (field.schema.minItems === undefined ? 0 : undefined)),
  },
  {
    id: 'array/many',
    keyword: 'items',
    title: 'more items than any bound the spec sets, where no maximum is set',
    expect: 'accept',
    why: 'the spec sets no maximum: a server that invents one breaks the contract',
    spec: SPEC_ARRAYS,
    values: sizedValues((field) =>
      field.schema.maxItems === undefined ? field.largestItemBound + 1 : undefined,
    ),
  },
  {
    id: 'items/repeated',
    keyword: 'items',
    title: 'the same item twice',
    expect: 'accept',
    why: 'the spec does not ask for unique items (a server may store them once)',
    spec: SPEC_ARRAYS,
    values: (field) => {
      if (!isArray(field) || (field.schema.maxItems ?? 2) < 2) return []
      const [item] = itemsOf(field, 1)
      return [{ value: [item, item] }]
    },
  },
  {
    id: 'items/bad-at-maximum',
    keyword: 'items',
    title: 'a bad item last of as many as the maximum allows (or more than any bound)',
    expect: 'reject',
    breaks: 'item',
    why: 'each item must keep the item rules in a list of any size: a server must not check long lists less',
    spec: SPEC_ARRAYS,
    values: (field) => {
      if (!isArray(field)) return []
      const size = field.schema.maxItems ?? field.largestItemBound + 1
      return onePerRule(field).map(({ value, breaks }) => {
        const items = itemsOf(field, size)
        items[size - 1] = value
        return { value: items, brokenAt: [size - 1], breaks }
      })
    },
  },
  ...(['first', 'middle', 'last'] as const).map(
    (position, index): ValueClass => ({
      id: `items/bad-${position}`,
      keyword: 'items',
      title: `a bad item ${position === 'middle' ? 'in the middle' : position} of ${POSITIONS}, the others valid`,
      expect: 'reject',
      breaks: 'item',
      why: 'each item must keep the item rules: a server must judge every item, not one',
      spec: SPEC_ARRAYS,
      values: badAt(index === 2 ? POSITIONS - 1 : index),
    }),
  ),
]
