import { z } from '@hono/zod-openapi'
import type { JournalEntry } from './journal-entry.js'

// What `?q=` and `?status=` find in the journal. They read entries as stored: secrets were masked
// on write, so no search can find one.

/** Most characters of a `q` (docs/admin-api.md). */
export const MAX_SEARCH_TEXT = 200

/** `?q=`: text looked for, whatever its case. */
export const SearchText = z
  .string()
  .min(1, 'text to look for: 1 character or more')
  .max(MAX_SEARCH_TEXT, `text to look for: at most ${MAX_SEARCH_TEXT} characters`)

/** Statuses an entry may have to pass a `status` filter: from `min` to `max`, both included. */
export type StatusRange = { readonly min: number; readonly max: number }

/** `?status=`: a class (`2xx`…`5xx`, and `1xx`) or one three-digit code. */
export const StatusFilter = z
  .string()
  .regex(/^[1-5](?:xx|XX|[0-9]{2})$/, 'a status class (1xx to 5xx) or a code (100 to 599)')
  .transform((text): StatusRange => {
    const first = Number(text.charAt(0))
    return /x/i.test(text)
      ? { min: first * 100, max: first * 100 + 99 }
      : { min: Number(text), max: Number(text) }
  })

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
