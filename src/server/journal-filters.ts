import { z } from '@hono/zod-openapi'
import type { StatusRange } from './journal-search.js'

// The journal's `?q=` and `?status=` as its pages read them: apart from the search itself, which
// the journal runs on every filtered read, so a page's start-up builds no schema it reads later.

/** Most characters of a `q` (docs/admin-api.md). */
export const MAX_SEARCH_TEXT = 200

/** `?q=`: text looked for, whatever its case. */
export const SearchText = z
  .string()
  .min(1, 'text to look for: 1 character or more')
  .max(MAX_SEARCH_TEXT, `text to look for: at most ${MAX_SEARCH_TEXT} characters`)

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
