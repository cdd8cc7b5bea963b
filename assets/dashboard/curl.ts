import { type CurlHeader, curlLine } from '../../src/common/curl-line.js'
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

/**
 * One curl line that sends the entry's request again. The journal masks credentials on write; the
 * line names them by a variable: an Authorization sent shows as `-H "Authorization: Bearer $TOKEN"`.
 */
export const curlOf = (entry: JournalEntry, origin: string): string => {
  const headers: CurlHeader[] = []
  if (entry.session !== '') headers.push({ name: 'x-mock-session', value: entry.session })
  if (entry.request.authorization !== null)
    headers.push({ name: 'Authorization', scheme: 'Bearer', variable: 'TOKEN' })
  const prefer = preferOf(entry)
  if (prefer !== null) headers.push({ name: 'prefer', value: prefer })
  if (entry.request.contentType !== null)
    headers.push({ name: 'content-type', value: entry.request.contentType })
  const { body } = entry.request
  return curlLine({
    method: entry.method,
    url: `${origin}${entry.path}${entry.query}`,
    headers,
    body:
      body === null || body === undefined
        ? undefined
        : typeof body === 'string'
          ? body
          : JSON.stringify(body),
  })
}
