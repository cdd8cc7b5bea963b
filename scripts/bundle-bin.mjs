// Bundles the CLI (the package's `bin`) into dist/bin: one file per dynamic import, so `mock`
// never loads the contract suite. Node 20's ESM loader costs ~80 ms resolving the ~200 files the
// mock imports one by one; bundled, the mock answers its first request in < 200 ms (npm run bench).
// The library (dist/src, with types) is tsc's output, untouched.
import { rmSync } from 'node:fs'
import { build } from 'esbuild'

/**
 * Zod's translations of its messages into 40-odd languages (`z.locales`, ~7 500 lines): the kit
 * speaks English only (the `en` locale, which zod imports by itself), and compiling the others
 * cost the mock's start-up more than any file of ours. The CLI's bundle gets an empty namespace.
 */
const withoutZodLocales = {
  name: 'without-zod-locales',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, ({ importer }) =>
      /[\\/]zod[\\/]v4[\\/](classic|core)[\\/]/.test(importer)
        ? { path: 'zod-locales', namespace: 'without-zod-locales' }
        : undefined,
    )
    build.onLoad({ filter: /.*/, namespace: 'without-zod-locales' }, () => ({
      contents: 'export {}',
      loader: 'js',
    }))
  },
}

rmSync('dist/bin', { recursive: true, force: true })
await build({
  plugins: [withoutZodLocales],
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
