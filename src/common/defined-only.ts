/** The fields of `T` as optional, each without `undefined`: what an options object with `?:` takes. */
// `T[K] & ({} | null)` is what TypeScript narrows a `T[K]` to after `!== undefined`: the value
// type of the result, written as the narrowing writes it (NonNullable would drop null too).
// biome-ignore lint/complexity/noBannedTypes: `{}` here is "any value but null and undefined"
export type DefinedOnly<T> = { [K in keyof T]?: T[K] & ({} | null) }

/**
 * The fields whose value is not `undefined`, for an options object whose fields are optional
 * (`exactOptionalPropertyTypes`: an absent field and `undefined` differ there). One call instead
 * of a `...(x === undefined ? {} : { x })` per field.
 */
export const definedOnly = <T extends object>(fields: T): DefinedOnly<T> => {
  const defined: DefinedOnly<T> = {}
  for (const key in fields) {
    const value = fields[key]
    if (value !== undefined) defined[key] = value
  }
  return defined
}
