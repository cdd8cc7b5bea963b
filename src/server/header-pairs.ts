/**
 * A header list as the journal reads it: pairs, or a flat `name, value, name, value…` list (node's
 * raw request headers, an answer's own record laid out), read in place without a pair per header.
 */
export type HeaderPairs = Iterable<readonly [string, string]> | FlatHeaders
export type FlatHeaders = { readonly flat: readonly string[] }

export const isFlat = (pairs: HeaderPairs): pairs is FlatHeaders =>
  'flat' in pairs && !Array.isArray(pairs)

/** A record's string-valued headers as a flat list, in the record's order. */
export const flatOf = (record: object): FlatHeaders => {
  const flat: string[] = []
  for (const name of Object.keys(record)) {
    const value: unknown = Reflect.get(record, name)
    if (typeof value === 'string') flat.push(name, value)
  }
  return { flat }
}
