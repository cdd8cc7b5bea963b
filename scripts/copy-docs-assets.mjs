// Copies the docs page's assets from swagger-ui-dist into dist/docs, which the package ships:
// `/docs` then renders offline, from files pinned in the lockfile. swagger-ui-dist stays a dev
// dependency (it depends on @scarf/scarf, whose install script reports installs), so users of
// the kit install neither. The file list is the mock's own allow-list (src/mock/docs-assets.ts),
// read from tsc's output: `npm run build` runs tsc first.
import { copyFileSync, mkdirSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { DOCS_ASSET_TYPES, DOCS_ASSETS_FOLDER } from '../dist/src/mock/docs-assets.js'

const from = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))

rmSync(DOCS_ASSETS_FOLDER, { recursive: true, force: true })
mkdirSync(DOCS_ASSETS_FOLDER, { recursive: true })
for (const name of Object.keys(DOCS_ASSET_TYPES)) {
  copyFileSync(join(from, name), join(DOCS_ASSETS_FOLDER, name))
}
