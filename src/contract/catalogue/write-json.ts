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

/** `value` as JSON text, the strings at `escaped` written wholly as `\u` escapes. */
export const writeJson = (value: unknown, escaped: readonly Path[]): string => {
  let marked = value
  const texts: string[] = []
  for (const [index, path] of escaped.entries()) {
    texts.push(String(valueAt(value, path)))
    marked = withValueAt(marked, path, markOf(index))
  }
  let text = JSON.stringify(marked) ?? ''
  for (const [index, original] of texts.entries())
    text = text.replace(JSON.stringify(markOf(index)), () => `"${escapeAll(original)}"`)
  return text
}
