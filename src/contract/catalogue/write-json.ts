import { type Path, withValueAt } from '../limits.js'

/** Marks a string to be written escaped: no value the catalogue makes holds a NUL pair like it. */
const markOf = (index: number) => `\u0000wak-escaped-${index}\u0000`

/** Every UTF-16 unit of `text` as a `\uXXXX` escape: the same JSON string, in other bytes. */
const escapeAll = (text: string) =>
  Array.from({ length: text.length }, (_, i) => {
    const unit = text.charCodeAt(i).toString(16).padStart(4, '0')
    return `\\u${unit}`
  }).join('')

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
