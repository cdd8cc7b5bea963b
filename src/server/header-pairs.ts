/**
 * A header list as the journal reads it: pairs, or a flat `name, value, name, value…` list (node's
 * raw request headers, an answer's own record laid out), read in place without a pair per header.
 */
export type HeaderPairs = Iterable<readonly [string, string]> | FlatHeaders
export type FlatHeaders = { readonly flat: readonly string[] }

const isFlat = (pairs: HeaderPairs): pairs is FlatHeaders =>
  'flat' in pairs && !Array.isArray(pairs)

/** Calls `visit` with each header of `pairs`, in order, but HTTP/2 pseudo-headers (`:path`). */
export const forEachHeader = (pairs: HeaderPairs, visit: (name: string, value: string) => void) => {
  if (!isFlat(pairs)) {
    for (const [name, value] of pairs) if (!name.startsWith(':')) visit(name, value)
    return
  }
  const { flat } = pairs
  for (let i = 0; i + 1 < flat.length; i += 2) {
    const name = flat[i]
    const value = flat[i + 1]
    if (name !== undefined && value !== undefined && !name.startsWith(':')) visit(name, value)
  }
}

/** A record's string-valued headers as a flat list, in the record's order. */
export const flatOf = (record: object): FlatHeaders => {
  const flat: string[] = []
  for (const name of Object.keys(record)) {
    const value: unknown = Reflect.get(record, name)
    if (typeof value === 'string') flat.push(name, value)
  }
  return { flat }
}
