/**
 * Deepest JSON walked: as deep as `redactJson` walks (past it, it masks the whole subtree), so a
 * journalled body's strings are masked down to where it stops.
 */
const MAX_MASKED_DEPTH = 64

/**
 * Every string of a JSON value through `mask` (keys kept): what a recording is given holds no
 * secret (the proxy's traffic, a HAR's exchanges), nor a journalled body whose escapes parsing
 * decoded (a secret written `\u0073\u006b…` is masked only once it reads as itself).
 */
export const maskedStrings = (
  value: unknown,
  mask: (text: string) => string,
  depth = 0,
): unknown => {
  if (typeof value === 'string') return mask(value)
  if (typeof value !== 'object' || value === null || depth > MAX_MASKED_DEPTH) return value
  if (Array.isArray(value)) return value.map((item) => maskedStrings(item, mask, depth + 1))
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, maskedStrings(item, mask, depth + 1)]),
  )
}
