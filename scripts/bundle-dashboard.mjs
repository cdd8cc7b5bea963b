// Bundles the dashboard's script (assets/dashboard/main.ts, plain DOM, no framework) and its
// stylesheet (assets/dashboard/dashboard.css, whose @imports name one file per part of the page)
// into dist/dashboard, which the package ships: GET /__mock/ then serves them from
// the mock itself, offline. The file list is the mock's own allow-list
// (src/server/dashboard/dashboard-path.ts), read from tsc's output: `npm run build` runs tsc first.
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'
import { DASHBOARD_ASSETS_FOLDER } from '../dist/src/server/dashboard/dashboard-assets.js'
import { DASHBOARD_ASSET_TYPES } from '../dist/src/server/dashboard/dashboard-path.js'

rmSync(DASHBOARD_ASSETS_FOLDER, { recursive: true, force: true })
mkdirSync(DASHBOARD_ASSETS_FOLDER, { recursive: true })
await build({
  entryPoints: ['assets/dashboard/main.ts'],
  outfile: join(DASHBOARD_ASSETS_FOLDER, 'dashboard.js'),
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  logLevel: 'warning',
})
await build({
  entryPoints: ['assets/dashboard/dashboard.css'],
  outfile: join(DASHBOARD_ASSETS_FOLDER, 'dashboard.css'),
  bundle: true,
  logLevel: 'warning',
})
const written = ['dashboard.js', 'dashboard.css']
const listed = Object.keys(DASHBOARD_ASSET_TYPES)
if (written.join() !== listed.join())
  throw new Error(
    `[worker-api-kit] dashboard files ${written} differ from the allow-list ${listed}`,
  )
