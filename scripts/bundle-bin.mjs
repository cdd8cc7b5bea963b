// Bundles the CLI (the package's `bin`) into dist/bin: one file per dynamic import, so `mock`
// never loads the contract suite. Node 20's ESM loader costs ~80 ms resolving the ~200 files the
// mock imports one by one; bundled, it starts in about twice bare Hono's time (npm run bench).
// The library (dist/src, with types) is tsc's output, untouched.
import { rmSync } from 'node:fs'
import { build } from 'esbuild'
import { zodEnglishOnly } from './browser-build-options.mjs'

rmSync('dist/bin', { recursive: true, force: true })
await build({
  // zod's 63 other locales: the kit speaks English (as the browser build, whose plugin this is).
  plugins: [zodEnglishOnly],
  entryPoints: { main: 'dist/src/cli/main.js' },
  outdir: 'dist/bin',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  logLevel: 'warning',
  // Some dependencies are CommonJS and call require(): give the ESM bundle one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
})
