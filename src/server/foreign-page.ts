import type { Context } from 'hono'
import { allowedOrigin, type CorsPolicy, type CorsScope } from './cors.js'
import { answerProblem, SERVER_PROBLEMS } from './problem.js'
import type { ServerEnv } from './server-env.js'

/** The header a browser named another page's request with, and what it said. */
type ForeignPage = { readonly header: 'origin' | 'sec-fetch-site'; readonly value: string }

/** Fetch Metadata: the request comes from a page of another site, or of another origin on this one. */
const OTHER_SITE = /^(?:cross|same)-site$/i

/**
 * The page a browser says sent this request, when it is neither this server's own nor one `cors`
 * allows for `scope`; undefined otherwise. An `Origin` decides when there is one (`null`, from a
 * sandboxed frame, a file:// page or some redirects, only when listed outright): an allowed origin
 * wins over `Sec-Fetch-Site` (a page on localhost:5173 is another site to 127.0.0.1:4010). Without
 * an `Origin` (an `<img>`, a `<script>`, a GET form), `Sec-Fetch-Site: cross-site` or `same-site`
 * is another page's. Clients that are not browsers (curl, node) send neither: never foreign.
 */
const foreignPageOf = (c: Context, cors: CorsPolicy, scope: CorsScope): ForeignPage | undefined => {
  const origin = c.req.header('origin')
  if (origin !== undefined) {
    const isAllowed =
      origin === new URL(c.req.url).origin || allowedOrigin(cors, origin, scope) !== undefined
    return isAllowed ? undefined : { header: 'origin', value: origin }
  }
  const site = c.req.header('sec-fetch-site')
  return site !== undefined && OTHER_SITE.test(site)
    ? { header: 'sec-fetch-site', value: site }
    : undefined
}

/** Which server refuses: its problem says what a page of another site would have done there. */
export type ForeignPageServer = 'mock' | 'proxy'

/**
 * The one rule for who may change a server of ours: a request a browser marks as a page of another
 * site (`foreignPageOf`) gets a 403 problem before any other stage sees it, on the API, the admin
 * API and every other path alike, so it spends no rule, no rate-limit window, no fault draw, no
 * journal entry and no session. The only exception is a request of the page that runs the mock
 * itself (MSW: `fromHostPage`), which no other site can send.
 */
export const refuseForeignPage = <E extends ServerEnv>(
  c: Context<E>,
  cors: CorsPolicy,
  scope: CorsScope,
  server: ForeignPageServer,
): Response | undefined => {
  if (c.env?.fromHostPage === true) return undefined
  const page = foreignPageOf(c, cors, scope)
  return page === undefined
    ? undefined
    : answerProblem(c, SERVER_PROBLEMS.foreignPage(page, scope, server))
}
