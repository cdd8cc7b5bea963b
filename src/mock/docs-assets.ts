import { findBuiltFolder } from '../server/index.js'

/**
 * The files of swagger-ui-dist the docs page uses, by name, with their content types. The build
 * copies them into `dist/docs/` (scripts/copy-docs-assets.mjs reads this list), and the mock
 * serves exactly these names: a fixed allow-list, never a path built from the request.
 */
export const DOCS_ASSET_TYPES = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  LICENSE: 'text/plain; charset=utf-8',
  NOTICE: 'text/plain; charset=utf-8',
  'swagger-ui-bundle.js.LICENSE.txt': 'text/plain; charset=utf-8',
} as const
export type DocsAssetName = keyof typeof DOCS_ASSET_TYPES

/** Where the build puts the assets, relative to the package root (shipped: package.json `files`). */
export const DOCS_ASSETS_FOLDER = 'dist/docs'

type DocsAsset = {
  readonly body: Uint8Array<ArrayBuffer>
  readonly type: string
  /** A strong validator: the first 16 hex digits of the file's SHA-256 (RFC 9110 §8.8.3). */
  readonly hash: string
}
export type DocsAssets = ReadonlyMap<DocsAssetName, DocsAsset>

export const isDocsAssetName = (name: string): name is DocsAssetName =>
  Object.hasOwn(DOCS_ASSET_TYPES, name)

type Builtins = {
  fs: typeof import('node:fs')
  path: typeof import('node:path')
  crypto: typeof import('node:crypto')
}

/** Node's modules when running on Node, undefined in a browser (there is no docs folder there). */
const builtins = (): Builtins | undefined => {
  const get = globalThis.process?.getBuiltinModule
  if (typeof get !== 'function') return undefined
  return {
    fs: get('node:fs'),
    path: get('node:path'),
    crypto: get('node:crypto'),
  }
}

/** Reads every asset of `folder`, or undefined when one is missing or unreadable. */
const readAssets = ({ fs, path, crypto }: Builtins, folder: string): DocsAssets | undefined => {
  const assets = new Map<DocsAssetName, DocsAsset>()
  try {
    for (const [name, type] of Object.entries(DOCS_ASSET_TYPES)) {
      if (!isDocsAssetName(name)) continue
      const body = new Uint8Array(fs.readFileSync(path.join(folder, name)))
      const hash = crypto.createHash('sha256').update(body).digest('hex').slice(0, 16)
      assets.set(name, { body, type, hash })
    }
  } catch {
    return undefined // a missing or unreadable file: the page says so instead of half-rendering
  }
  return assets
}

let loaded: DocsAssets | undefined

/**
 * The docs page's assets, read once (about 2 MB, on the first visit of `/docs`, not at start-up),
 * or undefined when this copy of the kit has none (not built, or running in a browser). A failed
 * read is not remembered: building the kit while the mock runs fixes the page.
 */
export const loadDocsAssets = (folder?: string): DocsAssets | undefined => {
  if (loaded && folder === undefined) return loaded
  const node = builtins()
  const found = node && (folder ?? findBuiltFolder(DOCS_ASSETS_FOLDER, 'swagger-ui-bundle.js'))
  const assets = node && found ? readAssets(node, found) : undefined
  if (folder === undefined) loaded = assets
  return assets
}
