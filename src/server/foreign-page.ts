import type { Context } from 'hono'
import { allowedOrigin, type CorsPolicy, type CorsScope } from './cors.js'

/** The header a browser named another page's request with, and what it said. */
export type ForeignPage = { readonly header: 'origin' | 'sec-fetch-site'; readonly value: string }

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
export const foreignPageOf = (
  c: Context,
  cors: CorsPolicy,
  scope: CorsScope,
): ForeignPage | undefined => {
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
