import { findBuiltFolder } from '../built-folder.js'
import {
  DASHBOARD_ASSET_TYPES,
  type DashboardAssetName,
  isDashboardAssetName,
} from './dashboard-path.js'

/** Where the build puts the files, relative to the package root (shipped: package.json `files`). */
export const DASHBOARD_ASSETS_FOLDER = 'dist/dashboard'

type DashboardAsset = { readonly body: Uint8Array<ArrayBuffer>; readonly type: string }
export type DashboardAssets = ReadonlyMap<DashboardAssetName, DashboardAsset>

let loaded: DashboardAssets | undefined

/**
 * The dashboard's files, read once on the first visit (a few kB), or undefined when this copy of
 * the kit has none (not built). A failed read is not remembered: building while the mock runs
 * fixes the page.
 */
export const loadDashboardAssets = (): DashboardAssets | undefined => {
  if (loaded) return loaded
  const folder = findBuiltFolder(DASHBOARD_ASSETS_FOLDER, 'dashboard.js')
  const fs: typeof import('node:fs') | undefined = globalThis.process?.getBuiltinModule?.('node:fs')
  if (folder === undefined || fs === undefined) return undefined
  const assets = new Map<DashboardAssetName, DashboardAsset>()
  try {
    for (const [name, type] of Object.entries(DASHBOARD_ASSET_TYPES)) {
      if (!isDashboardAssetName(name)) continue
      const body = new Uint8Array(fs.readFileSync(`${folder}/${name}`))
      assets.set(name, { body, type })
    }
  } catch {
    return undefined
  }
  loaded = assets
  return assets
}
