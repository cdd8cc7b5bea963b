import type { JournalEntry } from './types.js'

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
  // A `Prefer: code=NNN` shaped the answer: the journal names it as the rule at index -1.
  const prefer = entry.rules
    ?.find((rule) => rule.index === -1)
    ?.effect.match(/^prefer (code=\d{3})$/)
  if (prefer?.[1]) words.push('-H', quoted(`prefer: ${prefer[1]}`))
  if (entry.request.contentType !== null)
    words.push('-H', quoted(`content-type: ${entry.request.contentType}`))
  const { body } = entry.request
  if (body !== null && body !== undefined)
    words.push('--data-raw', quoted(typeof body === 'string' ? body : JSON.stringify(body)))
  return words.join(' ')
}
