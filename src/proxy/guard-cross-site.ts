import type { Context } from 'hono'
import { answerProblem, type CorsPolicy, foreignPageOf } from '../server/index.js'
import { PROXY_PROBLEMS } from './proxy-problems.js'

/**
 * The proxy lends its `-H` headers (staging's credentials) to whatever it forwards, so it forwards
 * nothing a browser says came from a page `cors` does not allow: a `no-cors` fetch, a form, an
 * `<img>` of another site get a 403 problem and the target never sees them. Its own pages, pages on
 * allowed origins and clients that are not browsers go on. In-process callers too: no exception
 * for them, a request that carries credentials is judged by what it says of itself.
 */
export const guardCrossSite =
  (cors: CorsPolicy) =>
  (c: Context): Response | undefined => {
    const page = foreignPageOf(c, cors, 'api')
    return page === undefined ? undefined : answerProblem(c, PROXY_PROBLEMS.crossSiteProxy(page))
  }
