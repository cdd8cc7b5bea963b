// Bundles the MSW handlers for browsers into dist/browser (`worker-api-kit/msw` under the
// `browser` condition): the kit's share of a page's bundle is then ~1/3 of what bundling
// dist/src gives (docs/msw.md). Users' bundlers minify it; it ships readable.
import { rmSync } from 'node:fs'
import { build } from 'esbuild'
import { browserBuildOptions } from './browser-build-options.mjs'

rmSync('dist/browser', { recursive: true, force: true })
await build({ ...browserBuildOptions(), outdir: 'dist/browser' })
