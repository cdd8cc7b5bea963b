import { z } from '@hono/zod-openapi'
import type { Hono } from 'hono'
import { operations } from '../api/operations.js'
import { ADMIN_PREFIX, invalidQuery } from './admin-answers.js'
import { PageLimit } from './bounded-page.js'
import type { Journal } from './journal.js'
import type { ServerEnv } from './server-env.js'

const RequestsQuery = z
  .object({
    operation: z.enum(operations.map((o) => o.operationId)).optional(),
    session: z.string().optional(),
    limit: PageLimit.optional(),
    after: z
      .string()
      .regex(/^[0-9]{1,15}$/, 'a seq number: a whole number, 0 or more')
      .transform(Number)
      .optional(),
  })
  .strict()
/**
 * `GET /__mock/requests` (paged, filtered by session and operation) and `DELETE /__mock/requests`:
 * the journal as the admin API serves it, for the mock and for the proxy alike.
 */
export const registerJournalRoutes = <E extends ServerEnv>(app: Hono<E>, journal: Journal) => {
  app.get(`${ADMIN_PREFIX}/requests`, (c) => {
    const parsed = RequestsQuery.safeParse(c.req.query())
    if (!parsed.success) return invalidQuery(c, parsed.error)
    const { items, next } = journal.page({
      session: parsed.data.session ?? c.req.header('x-mock-session'),
      operationId: parsed.data.operation,
      after: parsed.data.after,
      limit: parsed.data.limit,
    })
    return c.json({ count: items.length, entries: items, next })
  })

  app.delete(`${ADMIN_PREFIX}/requests`, (c) =>
    c.json({ cleared: journal.clear({ session: c.req.header('x-mock-session') }) }),
  )
}
