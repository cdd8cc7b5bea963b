/** Anything but undefined and null: an item of a list the mock draws from. */
type Item = NonNullable<unknown>

/**
 * faker's `number` and `helpers` methods the mock uses, over a `next()` source, with faker 10's
 * arithmetic and order of draws: the same seed gives the same values as faker itself.
 */
export const createFakerHelpers = (next: () => number) => {
  /** number.int: an integer in [min, max]. */
  const int = ({ min = 0, max }: { min?: number; max: number }) =>
    min === max ? min : Math.floor(next() * (max - min + 1) + min) // one value: faker draws none
  /** values[index], which the callers keep in range; an empty list is a bug of ours. */
  const itemAt = <T extends Item>(values: readonly T[], index: number): T => {
    const value = values[index]
    if (value === undefined) throw new RangeError(`no item ${index} in a list of ${values.length}`)
    return value
  }
  const arrayElement = <T extends Item>(values: readonly T[]): T =>
    itemAt(values, values.length > 1 ? int({ max: values.length - 1 }) : 0)
  /** Swaps two items of `values` in place. */
  const swap = <T extends Item>(values: T[], i: number, j: number) => {
    const item = itemAt(values, i)
    values[i] = itemAt(values, j)
    values[j] = item
  }
  /** helpers.shuffle, on a copy. */
  const shuffle = <T extends Item>(values: readonly T[]): T[] => {
    const copy = [...values]
    for (let i = copy.length - 1; i > 0; i--) swap(copy, i, int({ max: i }))
    return copy
  }
  return {
    int,
    arrayElement,
    /** helpers.weightedArrayElement. */
    weightedArrayElement: <T extends Item>(choices: readonly { weight: number; value: T }[]): T => {
      const total = choices.reduce((sum, { weight }) => sum + weight, 0)
      const drawn = next() * total // number.float({ min: 0, max: total })
      let reached = 0
      for (const { weight, value } of choices) {
        reached += weight
        if (drawn < reached) return value
      }
      return itemAt(choices, choices.length - 1).value
    },
    /** helpers.arrayElements with a { min, max } count. */
    arrayElements: <T extends Item>(values: readonly T[], count: { min: number; max: number }) => {
      if (values.length === 0) return []
      const n = int(count)
      if (n >= values.length) return shuffle(values)
      if (n <= 0) return []
      const copy = [...values]
      for (let i = values.length - 1; i >= values.length - n; i--) swap(copy, int({ max: i }), i)
      return copy.slice(values.length - n)
    },
    objectKey: <T extends Record<string, unknown>>(object: T): keyof T => {
      const isKey = (key: string): key is Extract<keyof T, string> => key in object
      const key = arrayElement(Object.keys(object))
      if (!isKey(key)) throw new RangeError(`${key} is not a key`) // Object.keys gives only keys
      return key
    },
    /** helpers.slugify: no draw. */
    slugify: (text: string) =>
      text
        .normalize('NFKD')
        .replaceAll(/[\u0300-\u036F]/g, '')
        .replaceAll(' ', '-')
        .replaceAll(/[^\w.-]+/g, ''),
  }
}
