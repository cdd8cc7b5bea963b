/**
 * A copy of `text` that shares no memory with the string it was cut from. V8 keeps a `slice()` of
 * 13 characters or more as a view into its parent, so 2 KB kept from a 1 MB string would keep the
 * whole megabyte alive (measured: 50 such excerpts held 65 MB).
 */
export const detached = (text: string): string => {
  // Code units copied into new strings (in chunks, under the argument limit): no Buffer, which a
  // browser does not have, and lossless for any UTF-16, lone surrogates included.
  let copy = ''
  for (let start = 0; start < text.length; start += COPY_CHUNK) {
    const codes: number[] = []
    for (let i = start; i < Math.min(text.length, start + COPY_CHUNK); i++)
      codes.push(text.charCodeAt(i))
    copy += String.fromCharCode(...codes)
  }
  return copy
}

/** Code units per String.fromCharCode call (well under engines' argument limits). */
const COPY_CHUNK = 4_096

/**
 * `text` if it has at most `max` characters, else a detached copy of its first `max` and a marker
 * with the whole length: `abc… (1000000 characters)`. Never splits a surrogate pair.
 */
export const excerpt = (text: string, max: number): string => {
  if (text.length <= max) return text
  const code = text.charCodeAt(max - 1)
  const end = code >= 0xd800 && code <= 0xdbff ? max - 1 : max // a high surrogate: keep the pair whole
  return `${detached(text.slice(0, end))}… (${text.length} characters)`
}

/**
 * A copy of a JSON value with every string through `mask`, and cut to an excerpt past `max`: of
 * the same shape (a string stays a string), so its type is the value's.
 */
export function excerptStrings<T>(value: T, max: number, mask?: (text: string) => string): T
export function excerptStrings(
  value: unknown,
  max: number,
  mask: (text: string) => string = (text) => text,
): unknown {
  if (typeof value === 'string') return excerpt(mask(value), max)
  if (typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) return value.map((item) => excerptStrings(item, max, mask))
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, excerptStrings(item, max, mask)]),
  )
}
