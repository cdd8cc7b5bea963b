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
