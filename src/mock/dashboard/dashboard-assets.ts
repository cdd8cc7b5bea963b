import {
  DASHBOARD_ASSET_TYPES,
  type DashboardAssetName,
  isDashboardAssetName,
} from './dashboard-path.js'

/** Where the build puts the files, relative to the package root (shipped: package.json `files`). */
export const DASHBOARD_ASSETS_FOLDER = 'dist/dashboard'

/** How many folders up from this module the package root may be (src/mock/dashboard, dist/src/mock/dashboard, dist/bin). */
const MAX_LEVELS_UP = 5

export type DashboardAsset = { readonly body: Uint8Array<ArrayBuffer>; readonly type: string }
export type DashboardAssets = ReadonlyMap<DashboardAssetName, DashboardAsset>

/** The assets folder of this copy of the kit, found upward from this module; undefined in a browser. */
const findFolder = (): string | undefined => {
  const get = globalThis.process?.getBuiltinModule
  if (typeof get !== 'function') return undefined
  const fs: typeof import('node:fs') = get('node:fs')
  const path: typeof import('node:path') = get('node:path')
  const url: typeof import('node:url') = get('node:url')
  let dir = path.dirname(url.fileURLToPath(import.meta.url))
  for (let i = 0; i <= MAX_LEVELS_UP; i++) {
    const candidate = path.join(dir, DASHBOARD_ASSETS_FOLDER)
    if (fs.existsSync(path.join(candidate, 'dashboard.js'))) return candidate
    dir = path.dirname(dir)
  }
  return undefined
}

let loaded: DashboardAssets | undefined

/**
 * The dashboard's files, read once on the first visit (a few kB), or undefined when this copy of
 * the kit has none (not built). A failed read is not remembered: building while the mock runs
 * fixes the page.
 */
export const loadDashboardAssets = (): DashboardAssets | undefined => {
  if (loaded) return loaded
  const folder = findFolder()
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
