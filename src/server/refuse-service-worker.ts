import type { Context } from 'hono'
import { answerProblem, SERVER_PROBLEMS } from './problem.js'

/**
 * Refuses a service worker's script (`Service-Worker: script`, sent by browsers on
 * `navigator.serviceWorker.register` and its updates) on every path with a 403 problem. A worker
 * registered on the kit's origin outlives the page that registered it: one a hostile target served
 * through the proxy kept answering for that port, and later read the journal of the mock run there.
 */
export const refuseServiceWorker = (c: Context): Response | undefined =>
  c.req.header('service-worker') === undefined
    ? undefined
    : answerProblem(c, SERVER_PROBLEMS.serviceWorker())
