import type { Hono } from 'hono'
import { ADMIN_PREFIX } from './admin-answers.js'
import type { Journal } from './journal.js'
import type { ServerEnv } from './server-env.js'

/** The journal's pages (journal-pages.ts), loaded once, on the first read of the journal. */
let pages: Promise<typeof import('./journal-pages.js')> | undefined
const loadPages = () => {
  pages ??= import('./journal-pages.js')
  return pages
}

/**
 * `GET /__mock/requests` (paged, filtered by session, operation, text and status),
 * `GET /__mock/requests.har` (the same, as a HAR 1.2 file), `GET /__mock/requests.pact.json` (the
 * same, as a Pact v4 file) and `DELETE /__mock/requests`: the
 * journal as the admin API serves it, for the mock and for the proxy alike.
 */
export const registerJournalRoutes = <E extends ServerEnv>(app: Hono<E>, journal: Journal) => {
  app.get(`${ADMIN_PREFIX}/requests`, async (c) => (await loadPages()).readJournal(c, journal))
  app.get(`${ADMIN_PREFIX}/requests.har`, async (c) => (await loadPages()).downloadHar(c, journal))
  app.get(`${ADMIN_PREFIX}/requests.pact.json`, async (c) =>
    (await loadPages()).downloadPact(c, journal),
  )
  app.delete(`${ADMIN_PREFIX}/requests`, (c) =>
    c.json({ cleared: journal.clear({ session: c.req.header('x-mock-session') }) }),
  )
}
