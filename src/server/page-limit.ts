import { z } from '@hono/zod-openapi'
import { MAX_PAGE_LIMIT } from './bounded-page.js'

// The admin API's `?limit=`, as its list readers (the journal's pages, the state's) parse it;
// apart from the pages themselves (bounded-page.ts).

/** `?limit=`: a whole number of items, 1 to MAX_PAGE_LIMIT. */
export const PageLimit = z
  .string()
  .regex(/^[0-9]{1,7}$/, `a whole number from 1 to ${MAX_PAGE_LIMIT}`)
  .transform(Number)
  .pipe(z.int().min(1).max(MAX_PAGE_LIMIT))
