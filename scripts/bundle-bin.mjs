// Bundles the CLI (the package's `bin`) into dist/bin, two files:
// - cli.cjs: the whole CLI (dist/src/cli/main.js and all it may load) as one function expression,
//   CommonJS-style. Its modules are evaluated when first imported (esbuild keeps each `import()`
//   lazy inside the bundle), so `mock` still never runs the contract suite's top level.
// - main.js: the bin, src/cli/bin.ts, which runs cli.cjs with V8's code of the command's last
//   start (src/cli/code-cache.ts). That cache is why the CLI is one script and not ES modules:
//   V8 can keep the code of a script's functions after they ran, and Node's loader offers no such
//   cache for ES modules (bench/PROFILE.md has the figures).
// The library (dist/src, with types) is tsc's output, untouched.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { build } from 'esbuild'
import { zodEnglishOnly } from './browser-build-options.mjs'
import { MODULE_URL_DEFINE, STRICT_MODULE_URL_PRELUDE } from './cjs-module-url.mjs'

/** The parameters cli.cjs binds, in the order code-cache.ts passes them (Node's CommonJS wrapper). */
const WRAPPER_HEAD = '(function (exports, require, module, __filename, __dirname) {'

rmSync('dist/bin', { recursive: true, force: true })
mkdirSync('dist/bin', { recursive: true })
const cli = await build({
  // zod's 63 other locales: the kit speaks English (as the browser build, whose plugin this is).
  plugins: [zodEnglishOnly],
  entryPoints: ['dist/src/cli/main.js'],
  bundle: true,
  write: false,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  logLevel: 'warning',
  // Every import() resolved inside the bundle: a script run by node:vm has no module loader.
  supported: { 'dynamic-import': false },
  define: MODULE_URL_DEFINE,
})
const [output] = cli.outputFiles
if (output === undefined) throw new Error('esbuild wrote no bundle of the CLI')
// The wrapper's head on the bundle's first line, so a stack trace's line is the file's line.
// All ASCII, so the bin reads it as Latin-1, a quarter of the time UTF-8 takes: esbuild escapes
// every other character of the code, and of the comments it keeps this escapes the few (`§`, `—`).
const body = output.text
  .replace(/^#!.*\n/, '')
  .replace(/[^\t\n\r\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
writeFileSync('dist/bin/cli.cjs', `${WRAPPER_HEAD}${STRICT_MODULE_URL_PRELUDE} ${body}\n})\n`)

await build({
  entryPoints: { main: 'dist/src/cli/bin.js' },
  outdir: 'dist/bin',
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  logLevel: 'warning',
})
