/** A JSON object (not an array, not null): its properties readable by name. A guard, not a cast. */
export const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** `value` when it is a JSON object, else undefined. */
export const jsonObjectOr = (value: unknown): Record<string, unknown> | undefined =>
  isJsonObject(value) ? value : undefined
