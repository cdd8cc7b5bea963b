import type { JournalEntry, Rule } from './types.js'

/** The journal's line for a `Prefer` override (index -1, as a runtime rule, but with no id). */
export const isPreferRule = (rule: Rule) =>
  rule.index === -1 && !rule.id && rule.effect.startsWith('prefer ')

/**
 * The `Prefer` override that shaped the answer (`code=429`): the entry's own field, or, from a
 * journal that predates it, the rule at index -1 it was named as.
 */
export const preferOf = (entry: JournalEntry): string | null => {
  if (entry.prefer !== undefined) return entry.prefer
  const effect = entry.rules?.find(isPreferRule)?.effect
  return effect?.match(/^prefer (code=\d{3})$/)?.[1] ?? null
}

/** A shell word in single quotes (POSIX sh). */
const quoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`

/**
 * One curl line that sends the entry's request again. The journal masks credentials on write; the
 * line names them by a variable: an Authorization sent shows as `-H "Authorization: Bearer $TOKEN"`.
 */
export const curlOf = (entry: JournalEntry, origin: string): string => {
  const words = ['curl', '-i', '-X', entry.method, quoted(`${origin}${entry.path}${entry.query}`)]
  if (entry.session !== '') words.push('-H', quoted(`x-mock-session: ${entry.session}`))
  if (entry.request.authorization !== null) words.push('-H', '"Authorization: Bearer $TOKEN"')
  const prefer = preferOf(entry)
  if (prefer !== null) words.push('-H', quoted(`prefer: ${prefer}`))
  if (entry.request.contentType !== null)
    words.push('-H', quoted(`content-type: ${entry.request.contentType}`))
  const { body } = entry.request
  if (body !== null && body !== undefined)
    words.push('--data-raw', quoted(typeof body === 'string' ? body : JSON.stringify(body)))
  return words.join(' ')
}
