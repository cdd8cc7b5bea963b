// The CommonJS build (dist/cjs), for `require('worker-api-kit')`, Jest's CommonJS runtime and
// TypeScript's `module: node16` in CommonJS files (docs/library.md#module-formats). On Node the package
// root has ONE implementation, this bundle: its `import` condition is dist/esm/index.js, an ES
// module that re-exports it, so a program that both imports and requires the kit holds one copy
// of the mock's module state (session names, caches), one `ContractError` class. The fixtures and
// the schemas hold no state: their require entries are bundles of their own, their import
// entries tsc's output. Dependencies stay packages (`require('hono')`), as the user installed them.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'
import { build } from 'esbuild'
import { MODULE_URL_DEFINE, STRICT_MODULE_URL_PRELUDE } from './cjs-module-url.mjs'

const CJS = 'dist/cjs'
const ESM = 'dist/esm'

rmSync(CJS, { recursive: true, force: true })
rmSync(ESM, { recursive: true, force: true })
const cjsOptions = {
  outdir: CJS,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  // import() as require(): Jest's CommonJS runtime refuses a dynamic import (the node server is
  // loaded when a server starts).
  supported: { 'dynamic-import': false },
  outExtension: { '.js': '.cjs' },
  logLevel: 'warning',
  define: MODULE_URL_DEFINE,
  banner: { js: STRICT_MODULE_URL_PRELUDE },
}
await build({
  ...cjsOptions,
  entryPoints: {
    index: 'dist/src/index.js',
    fixtures: 'dist/src/fixtures.js',
    schemas: 'dist/src/schemas/index.js',
    // Jest in CommonJS mode over msw/node: the handlers, with msw itself left a package.
    msw: 'dist/src/msw/handlers.js',
  },
})

/**
 * tsc's declarations as CommonJS ones (`.d.cts`, their relative imports `.cjs`) under
 * dist/cjs/types. `.cjs`, not a `{"type":"commonjs"}` package.json in dist/cjs: that would end
 * the package's scope there, and the fixtures require their files by the package's own name.
 */
const copyDeclarations = (from, to) => {
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name)
    if (entry.isDirectory()) copyDeclarations(source, join(to, entry.name))
    else if (entry.name.endsWith('.d.ts')) {
      mkdirSync(to, { recursive: true })
      const text = readFileSync(source, 'utf8').replace(
        /(['"]\.{1,2}\/[^'"]*)\.js(['"])/g,
        '$1.cjs$2',
      )
      writeFileSync(join(to, entry.name.replace(/\.d\.ts$/, '.d.cts')), text)
    }
  }
}
copyDeclarations('dist/src', join(CJS, 'types'))

// The root's ES module: the bundle's names, re-exported (read from the bundle itself, so the two
// never differ).
const names = Object.keys(createRequire(import.meta.url)(resolve(CJS, 'index.cjs')))
mkdirSync(ESM, { recursive: true })
writeFileSync(
  join(ESM, 'index.js'),
  [
    '// worker-api-kit on Node, imported: the CommonJS build, so import and require share one copy.',
    "import kit from '../cjs/index.cjs'",
    '',
    `export const { ${names.sort().join(', ')} } = kit`,
    '',
  ].join('\n'),
)

// The root's browser condition, for a CommonJS runtime that takes it (Jest's jsdom environment):
// the browser build, where each name of the Node root it lacks throws a line naming the fix
// (src/browser-require.ts) instead of being undefined ("createMockApp is not a function").
await build({
  ...cjsOptions,
  entryPoints: { browser: 'dist/src/browser-require.js' },
  footer: { js: `module.exports = module.exports.browserRequire(${JSON.stringify(names)});` },
})
