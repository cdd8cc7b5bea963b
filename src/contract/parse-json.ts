/**
 * Deepest JSON a response may nest and still be parsed. The API's bodies nest a few levels; a
 * deeper answer is a finding, and parsing it (V8 builds every level) is how a hostile server
 * exhausts the judge's memory.
 */
export const MAX_JSON_DEPTH = 64

export type ParsedJson =
  | { readonly kind: 'json'; readonly value: unknown }
  | { readonly kind: 'not-json' }
  | { readonly kind: 'too-deep' }

const OPEN_BRACE = 0x7b
const OPEN_BRACKET = 0x5b
const CLOSE_BRACE = 0x7d
const CLOSE_BRACKET = 0x5d
const QUOTE = 0x22
const BACKSLASH = 0x5c

/** Whether the nesting of `text` goes deeper than `max`, counting brackets outside strings. */
const isDeeperThan = (text: string, max: number): boolean => {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === BACKSLASH) i++
      else if (c === QUOTE) inString = false
    } else if (c === QUOTE) inString = true
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > max) return true
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--
  }
  return false
}

/** The body as JSON, unless it is not JSON or nests deeper than `maxDepth` (then not parsed at all). */
export const parseJson = (text: string, maxDepth = MAX_JSON_DEPTH): ParsedJson => {
  if (isDeeperThan(text, maxDepth)) return { kind: 'too-deep' }
  try {
    return { kind: 'json', value: JSON.parse(text) }
  } catch {
    return { kind: 'not-json' }
  }
}
