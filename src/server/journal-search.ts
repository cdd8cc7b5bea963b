import type { JournalEntry } from './journal-entry.js'

// What `?q=` and `?status=` find in the journal (their query schemas: journal-filters.ts). They
// read entries as stored: secrets were masked on write, so no search can find one.

/** Statuses an entry may have to pass a `status` filter: from `min` to `max`, both included. */
export type StatusRange = { readonly min: number; readonly max: number }

/** A body as the journal stores it: parsed JSON, a text, or a clean text parsed on read. */
const bodyText = (body: unknown): string => {
  if (body === null || body === undefined) return ''
  if (typeof body === 'string') return body
  if (typeof body === 'object' && 'cleanText' in body && typeof body.cleanText === 'string')
    return body.cleanText
  return JSON.stringify(body) ?? ''
}

const headersText = (headers: JournalEntry['request']['headers']) => {
  let text = ''
  for (const name in headers) text += `\n${name}: ${headers[name] ?? ''}`
  return text
}

/** Every text of an entry `q` looks in, joined by line breaks. */
const searchedText = (entry: JournalEntry): string =>
  [
    entry.method,
    entry.path,
    entry.query,
    bodyText(entry.request.body),
    headersText(entry.request.headers),
    bodyText(entry.response.body),
    headersText(entry.response.headers),
    entry.prefer ?? '',
    ...entry.rules.map((rule) => `${rule.id ?? ''} ${rule.description ?? ''} ${rule.effect}`),
    ...(entry.violations ?? []).map((v) => `${v.check} ${v.pointer ?? ''} ${v.message}`),
  ].join('\n')

/** Whether an entry holds `q` (lowercase) in any of its texts: case-insensitive. */
export const holdsText = (entry: JournalEntry, q: string): boolean =>
  searchedText(entry).toLowerCase().includes(q)

/** Whether an entry's status is in the range. */
export const hasStatusIn = (entry: JournalEntry, range: StatusRange): boolean =>
  entry.status >= range.min && entry.status <= range.max
