import type { Env, Hono } from 'hono'
import type { LoadAssets } from './dashboard-handlers.js'
import { DASHBOARD_ASSETS_PATH, DASHBOARD_PATH } from './dashboard-path.js'

/** The page's handlers, loaded on the first request for it: a page's MSW bundle starts without them. */
let handlers: Promise<typeof import('./dashboard-handlers.js')> | undefined
const handlersOf = () => {
  handlers ??= import('./dashboard-handlers.js')
  return handlers
}

/**
 * `GET /__mock/` (the dashboard page) and `GET /__mock/dashboard/:name` (its two files), for the
 * mock and for the proxy: the page reads `/__mock/health` to learn which of them it talks to.
 * The admin guard in front decides who may load them (`isDashboardPath`).
 */
export const registerDashboard = <E extends Env>(app: Hono<E>, load?: LoadAssets) => {
  app.get(DASHBOARD_PATH, async (c) => (await handlersOf()).dashboardPage(c, load))
  app.get(`${DASHBOARD_ASSETS_PATH}/:name`, async (c) =>
    (await handlersOf()).dashboardAsset(c, load),
  )
}
