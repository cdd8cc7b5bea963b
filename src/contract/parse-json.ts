import { jsonPointer } from '../common/json-pointer.js'

/**
 * Deepest JSON a response may nest and still be parsed. The API's bodies nest a few levels; a
 * deeper answer is a finding, and parsing it (V8 builds every level) is how a hostile server
 * exhausts the judge's memory.
 */
export const MAX_JSON_DEPTH = 64

/**
 * Where a JSON text that parses is still not interoperable (RFC 8259): the first place of each kind.
 * A conforming parser accepts both, and parsers disagree on what they mean.
 */
export type JsonFlaws = {
  /** RFC 8259 §4: a name repeated within one object (`pointer` names the object). */
  readonly duplicateName?: { readonly pointer: string; readonly name: string } | undefined
  /** RFC 8259 §8.2: a string escapes a surrogate code unit that has no partner (`\ud800`). */
  readonly loneSurrogate?: { readonly pointer: string } | undefined
}

export type ParsedJson =
  | { readonly kind: 'json'; readonly value: unknown; readonly flaws: JsonFlaws }
  | { readonly kind: 'not-json' }
  | { readonly kind: 'too-deep' }

const OPEN_BRACE = 0x7b
const OPEN_BRACKET = 0x5b
const CLOSE_BRACE = 0x7d
const CLOSE_BRACKET = 0x5d
const QUOTE = 0x22
const BACKSLASH = 0x5c
const COMMA = 0x2c
const LOWER_U = 0x75
const HEX_DIGITS = 4

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff
const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff

/** An object or array the scan is inside: the names seen so far, and where the scan is in it. */
type Frame =
  | { readonly isObject: true; readonly names: Set<string>; name?: string; isAtName: boolean }
  | { readonly isObject: false; index: number }

const pointerOf = (stack: readonly Frame[]) =>
  jsonPointer(stack.map((frame) => (frame.isObject ? (frame.name ?? '') : frame.index)))

/**
 * One pass over the text, outside and inside strings: whether it nests deeper than `max`, and
 * otherwise its flaws. Reads any text (the depth guard runs before JSON.parse); the flaws mean
 * something only for a text that parses.
 */
const scan = (text: string, max: number): JsonFlaws | 'too-deep' => {
  const stack: Frame[] = []
  let duplicateName: JsonFlaws['duplicateName']
  let loneSurrogate: JsonFlaws['loneSurrogate']
  /** The first backslash at or after the scan (-1: none left), found again once passed. */
  let nextBackslash = text.indexOf('\\')
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === QUOTE) {
      const start = i
      let hasEscape = false
      let isLone = false
      /** The last code unit was an escaped high surrogate, waiting for its low half. */
      let isPairOpen = false
      if (nextBackslash !== -1 && nextBackslash < i) nextBackslash = text.indexOf('\\', i)
      // Most strings escape nothing: with no backslash before the next quote, that quote ends
      // the string (Node's indexOf, not a loop here), and nothing in it can be a lone surrogate.
      const close = text.indexOf('"', i + 1)
      const isPlain = nextBackslash === -1 || (close !== -1 && close < nextBackslash)
      if (isPlain) {
        i = close === -1 ? text.length : close
      } else {
        for (i++; i < text.length; i++) {
          const d = text.charCodeAt(i)
          if (d === QUOTE) break
          if (d !== BACKSLASH) {
            isLone ||= isPairOpen
            isPairOpen = false
            continue
          }
          hasEscape = true
          if (text.charCodeAt(i + 1) !== LOWER_U) {
            isLone ||= isPairOpen
            isPairOpen = false
            i++
            continue
          }
          const unit = Number.parseInt(text.slice(i + 2, i + 2 + HEX_DIGITS), 16)
          i += 1 + HEX_DIGITS
          if (isLowSurrogate(unit)) isLone ||= !isPairOpen
          else isLone ||= isPairOpen
          isPairOpen = isHighSurrogate(unit)
        }
      }
      isLone ||= isPairOpen
      const top = stack.at(-1)
      const isName = top?.isObject === true && top.isAtName
      if (isLone && loneSurrogate === undefined)
        loneSurrogate = { pointer: pointerOf(isName ? stack.slice(0, -1) : stack) }
      if (top?.isObject && top.isAtName) {
        const name = hasEscape ? decodedName(text.slice(start, i + 1)) : text.slice(start + 1, i)
        if (top.names.has(name) && duplicateName === undefined)
          duplicateName = { pointer: pointerOf(stack.slice(0, -1)), name }
        top.names.add(name)
        top.name = name
        top.isAtName = false
      }
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (stack.length >= max) return 'too-deep'
      stack.push(
        c === OPEN_BRACE
          ? { isObject: true, names: new Set(), isAtName: true }
          : { isObject: false, index: 0 },
      )
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) stack.pop()
    else if (c === COMMA) {
      const top = stack.at(-1)
      if (top?.isObject) top.isAtName = true
      else if (top) top.index++
    }
  }
  return { duplicateName, loneSurrogate }
}

/** A name written with escapes, as a parser reads it (`"\u0069d"` is `id`). */
const decodedName = (quoted: string): string => {
  try {
    const name: unknown = JSON.parse(quoted)
    return typeof name === 'string' ? name : quoted
  } catch {
    return quoted
  }
}

/**
 * The body as JSON, unless it is not JSON or nests deeper than `maxDepth` (then not parsed at all),
 * with the places where it parses but is not interoperable.
 */
export const parseJson = (text: string, maxDepth = MAX_JSON_DEPTH): ParsedJson => {
  const scanned = scan(text, maxDepth)
  if (scanned === 'too-deep') return { kind: 'too-deep' }
  try {
    return { kind: 'json', value: JSON.parse(text), flaws: scanned }
  } catch {
    return { kind: 'not-json' }
  }
}
