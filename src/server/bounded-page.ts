/** Most items one admin list answer holds, and how many it holds by default (docs/admin-api.md). */
export const MAX_PAGE_LIMIT = 1_000
/**
 * An admin list stops adding items once its answer would pass this many bytes of JSON; its
 * `next` cursor continues it. Big enough for a whole default journal of ordinary requests, small
 * enough that a few readers at once cost a few MB. assumption: see docs/limits.md#limits
 */
export const MAX_PAGE_BYTES = 1024 * 1024

export type Page<T, C> = { readonly items: T[]; readonly next: C | null }

/**
 * The first items of `source` (already past the reader's cursor) up to `limit` items or
 * `maxBytes` of JSON (their sizes and the commas between them), whichever comes first; at least
 * one item, so a reader always moves on. `next` is the cursor of the last item taken when more
 * remain, else null.
 */
export const boundedPage = <T, C>(
  source: Iterable<T>,
  options: {
    limit: number
    maxBytes: number
    sizeOf: (item: T) => number
    cursorOf: (item: T) => C
  },
): Page<T, C> => {
  const items: T[] = []
  let bytes = 0
  for (const item of source) {
    const last = items.at(-1)
    if (last !== undefined && items.length >= options.limit)
      return { items, next: options.cursorOf(last) }
    const size = options.sizeOf(item) + 1 // and its comma
    if (last !== undefined && bytes + size > options.maxBytes)
      return { items, next: options.cursorOf(last) }
    items.push(item)
    bytes += size
  }
  return { items, next: null }
}
