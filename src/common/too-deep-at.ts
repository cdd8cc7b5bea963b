/**
 * The path to the first array or object of `value` nested deeper than `maxDepth`, or undefined.
 * Walks no deeper than that itself: a recursive reader after it (a Zod schema) then never runs
 * out of stack on a hostile value.
 */
export const tooDeepAt = (
  value: unknown,
  maxDepth: number,
  path: (string | number)[] = [],
): (string | number)[] | undefined => {
  if (typeof value !== 'object' || value === null) return undefined
  if (path.length >= maxDepth) return path
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : Object.entries(value)
  for (const [key, item] of entries) {
    const found = tooDeepAt(item, maxDepth, [...path, key])
    if (found) return found
  }
  return undefined
}
