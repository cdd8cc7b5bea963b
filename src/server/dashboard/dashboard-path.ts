/** Where the dashboard page lives: the admin prefix's own index. */
export const DASHBOARD_PATH = '/__mock/'

/** Where its two files live. */
export const DASHBOARD_ASSETS_PATH = '/__mock/dashboard'

/**
 * The dashboard's files by name, with their content types. The build writes them into
 * `dist/dashboard/` (scripts/bundle-dashboard.mjs reads this list), and the mock serves exactly
 * these names: a fixed allow-list, never a path built from the request.
 */
export const DASHBOARD_ASSET_TYPES = {
  'dashboard.js': 'text/javascript; charset=utf-8',
  'dashboard.css': 'text/css; charset=utf-8',
} as const
export type DashboardAssetName = keyof typeof DASHBOARD_ASSET_TYPES

export const isDashboardAssetName = (name: string): name is DashboardAssetName =>
  Object.hasOwn(DASHBOARD_ASSET_TYPES, name)

/**
 * True for the page and its files: they hold no data, so the admin guard serves them without the
 * admin token (the page asks for it), but never past its Host, Origin and Sec-Fetch-Site checks.
 */
export const isDashboardPath = (path: string): boolean =>
  path === DASHBOARD_PATH ||
  (path.startsWith(`${DASHBOARD_ASSETS_PATH}/`) &&
    isDashboardAssetName(path.slice(DASHBOARD_ASSETS_PATH.length + 1)))
