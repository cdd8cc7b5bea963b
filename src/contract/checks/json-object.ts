/** `value[key]` when value is a JSON object, else undefined. */
export const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Reflect.get(value, key)
    : undefined

/** The sent body, parsed; undefined when it was not JSON. */
export const parsedBody = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * The same text, allowing what the spec leaves open: surrounding whitespace and Unicode
 * normalization (a server may trim a name or store it in NFC).
 */
export const isSameText = (got: unknown, sent: unknown): boolean =>
  got === sent ||
  (typeof got === 'string' &&
    typeof sent === 'string' &&
    got.trim().normalize('NFC') === sent.trim().normalize('NFC'))
