/** Deepest JSON a recording takes in; the API's bodies nest a few levels. */
const MAX_RECORDED_DEPTH = 16

/**
 * Every string of a JSON value through `mask` (keys kept), no deeper than a recording reads: what
 * a recording is given holds no secret either (the proxy's traffic, a HAR's exchanges).
 */
export const maskedStrings = (
  value: unknown,
  mask: (text: string) => string,
  depth = 0,
): unknown => {
  if (typeof value === 'string') return mask(value)
  if (typeof value !== 'object' || value === null || depth > MAX_RECORDED_DEPTH) return value
  if (Array.isArray(value)) return value.map((item) => maskedStrings(item, mask, depth + 1))
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, maskedStrings(item, mask, depth + 1)]),
  )
}
