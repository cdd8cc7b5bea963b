import type { Context } from 'hono'
import { answerProblem, SERVER_PROBLEMS } from '../problem.js'
import { type DashboardAssets, loadDashboardAssets } from './dashboard-assets.js'
import { DASHBOARD_ASSETS_PATH, isDashboardAssetName } from './dashboard-path.js'

// The page reads everything it shows from the admin API with fetch; it needs no inline script or
// style, no eval, and nothing from another host (it works offline).
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ')

/** The page shows live data it fetches: nothing of it is worth caching or leaking in a Referer. */
const DASHBOARD_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  'cross-origin-resource-policy': 'same-origin',
}

/** The page: a frame the script fills in. It holds no data (it is served past the admin token). */
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>worker-api-kit dashboard</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${DASHBOARD_ASSETS_PATH}/dashboard.css">
<script src="${DASHBOARD_ASSETS_PATH}/dashboard.js" defer></script>
</head>
<body>
<noscript>This page needs JavaScript. The admin API is under /__mock/ (health, requests, state).</noscript>
<main id="app" aria-live="polite"></main>
</body>
</html>
`

const missing = (c: Context) =>
  answerProblem(c, SERVER_PROBLEMS.dashboardAssetsMissing(), { headers: DASHBOARD_HEADERS })

/** Where the dashboard's files come from: the build's, or a test's. */
export type LoadAssets = () => DashboardAssets | undefined

/** `GET /__mock/`: the page, or a problem naming the build when its files are missing. */
export const dashboardPage = (c: Context, load: LoadAssets = loadDashboardAssets) =>
  load() ? c.html(PAGE, 200, DASHBOARD_HEADERS) : missing(c)

/** `GET /__mock/dashboard/:name`: one of the page's files, from a fixed list. */
export const dashboardAsset = (c: Context, load: LoadAssets = loadDashboardAssets) => {
  const name = c.req.param('name') ?? ''
  if (!isDashboardAssetName(name))
    return answerProblem(c, SERVER_PROBLEMS.dashboardAssetNotFound(), {
      headers: DASHBOARD_HEADERS,
    })
  const asset = load()?.get(name)
  if (!asset) return missing(c)
  return c.body(asset.body, 200, { ...DASHBOARD_HEADERS, 'content-type': asset.type })
}
