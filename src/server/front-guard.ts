import type { Context } from 'hono'
import { ADMIN_PREFIX } from './admin-answers.js'
import { type AllowedHosts, checkHost } from './check-host.js'
import type { Cors } from './cors.js'
import { type ForeignPageServer, refuseForeignPage } from './foreign-page.js'
import { refuseServiceWorker } from './refuse-service-worker.js'
import type { ServerEnv } from './server-env.js'

/**
 * What every server of ours does first, on every path, in this order: the Host guard (DNS
 * rebinding), no service worker's script, the one origin rule (no page of another site), then
 * CORS and its preflights. A refusal here comes before any stage that could change anything.
 */
export const createFrontGuard = (options: {
  readonly allowedHosts: AllowedHosts
  readonly cors: Cors
  readonly server: ForeignPageServer
}) => {
  const hostCheck = checkHost(options.allowedHosts)
  const { cors, server } = options
  return <E extends ServerEnv>(c: Context<E>): Response | undefined => {
    const scope = c.req.path.startsWith(ADMIN_PREFIX) ? 'admin' : 'api'
    return (
      hostCheck(c) ??
      refuseServiceWorker(c) ??
      refuseForeignPage(c, cors.policy, scope, server) ??
      cors.apply(c, scope)
    )
  }
}
