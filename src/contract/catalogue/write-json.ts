import { type Path, withValueAt } from '../limits.js'

/** Marks a string to be written escaped: no value the catalogue makes holds a NUL pair like it. */
const markOf = (index: number) => `\u0000wak-escaped-${index}\u0000`

/** Every UTF-16 unit of `text` as a `\uXXXX` escape: the same JSON string, in other bytes. */
const escapeAll = (text: string) => {
  // A value at a 65 535-character bound is mostly one character: each escape is made once.
  const made = new Map<number, string>()
  const parts = new Array<string>(text.length)
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    let escaped = made.get(unit)
    if (escaped === undefined) {
      escaped = `\\u${unit.toString(16).padStart(4, '0')}`
      made.set(unit, escaped)
    }
    parts[i] = escaped
  }
  return parts.join('')
}

const valueAt = (root: unknown, path: Path): unknown =>
  path.reduce<unknown>(
    (at, key) => (typeof at === 'object' && at !== null ? Reflect.get(at, key) : undefined),
    root,
  )

/**
 * The string in JSON's other spellings: `/` as `\/`, and every unit past ASCII as an upper-case
 * `\uXXXX` escape (an astral character as its surrogate pair).
 */
const escapeMixed = (text: string) =>
  (JSON.stringify(text) ?? '""')
    .slice(1, -1)
    .replaceAll('/', '\\/')
    .replace(
      /[\u0080-\uffff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`,
    )

/** Where a string is written escaped, and how. */
export type Escaped = { readonly path: Path; readonly style: 'all' | 'mixed' }

/** `value` as JSON text, the strings at `escaped` written in escapes (every unit, or JSON's other spellings). */
export const writeJson = (value: unknown, escaped: readonly Escaped[]): string => {
  let marked = value
  const texts: { text: string; style: Escaped['style'] }[] = []
  for (const [index, { path, style }] of escaped.entries()) {
    texts.push({ text: String(valueAt(value, path)), style })
    marked = withValueAt(marked, path, markOf(index))
  }
  let text = JSON.stringify(marked) ?? ''
  for (const [index, { text: original, style }] of texts.entries())
    text = text.replace(
      JSON.stringify(markOf(index)),
      () => `"${style === 'all' ? escapeAll(original) : escapeMixed(original)}"`,
    )
  return text
}
