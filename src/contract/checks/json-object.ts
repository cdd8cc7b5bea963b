import { withoutLoneSurrogates } from '../../common/lone-surrogate.js'
/** `value[key]` when value is a JSON object, else undefined. */
export const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Reflect.get(value, key)
    : undefined

/**
 * The same text, allowing what the spec leaves open: surrounding whitespace and Unicode
 * normalization (a server may trim a name or store it in NFC).
 */
export const isSameText = (got: unknown, sent: unknown): boolean =>
  got === sent ||
  (typeof got === 'string' && typeof sent === 'string' && asStored(got) === asStored(sent))

/**
 * Text as a store may keep it and still keep the same text: trimmed, in Unicode NFC, and with a
 * lone surrogate as U+FFFD (what a UTF-8 store writes for it; RFC 8259 §8.2 leaves it open).
 */
const asStored = (text: string) => withoutLoneSurrogates(text).trim().normalize('NFC')
