import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build, type Metafile } from 'esbuild'
import { beforeAll, describe, expect, it } from 'vitest'
import { browserBuildOptions } from '../scripts/browser-build-options.mjs'
import { REPO_ROOT } from './helpers/spawn-cli.js'

/** The kit's share of a page's minified bundle (issue 9): msw, the user's own, not counted. */
const BUDGET_BYTES = 400_000
const OUTDIR = 'dist/browser'

/** The package an input of the bundle comes from; the kit's own files are `worker-api-kit`. */
const packageOf = (input: string) =>
  /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? 'worker-api-kit'

/** The outputs a page loads at start-up: the entry and the chunks it imports statically. */
const startUpOutputs = (metafile: Metafile): string[] => {
  // The build's own entry: a lazy chunk (a dynamic import's) has an entryPoint of its own too.
  const entries = Object.values(browserBuildOptions().entryPoints ?? {}).map((entry) =>
    typeof entry === 'string' ? entry : entry.in,
  )
  const entry = Object.keys(metafile.outputs).find((path) =>
    entries.includes(metafile.outputs[path]?.entryPoint ?? ''),
  )
  const seen = new Set<string>()
  const stack = entry ? [entry] : []
  for (let path = stack.pop(); path !== undefined; path = stack.pop()) {
    if (seen.has(path)) continue
    seen.add(path)
    for (const { path: imported, kind } of metafile.outputs[path]?.imports ?? []) {
      if (kind === 'import-statement' && imported in metafile.outputs) stack.push(imported)
    }
  }
  return [...seen]
}

let metafile: Metafile
let startUp: string[]
let gzipBytes = 0
let lazyBytes = 0

beforeAll(async () => {
  const result = await build({
    ...browserBuildOptions(),
    absWorkingDir: REPO_ROOT,
    outdir: OUTDIR,
    minify: true,
    metafile: true,
    write: false,
  })
  metafile = result.metafile
  startUp = startUpOutputs(metafile)
  for (const file of result.outputFiles) {
    const path = file.path.slice(REPO_ROOT.length)
    if (startUp.includes(path)) gzipBytes += gzipSync(file.contents).length
    else lazyBytes += file.contents.length
  }
})

describe('browser bundle of worker-api-kit/msw', () => {
  it(`keeps the kit's share of a minified page bundle within ${BUDGET_BYTES} bytes`, async ({
    annotate,
  }) => {
    const byPackage = new Map<string, number>()
    for (const path of startUp) {
      for (const [input, { bytesInOutput }] of Object.entries(
        metafile.outputs[path]?.inputs ?? {},
      )) {
        byPackage.set(packageOf(input), (byPackage.get(packageOf(input)) ?? 0) + bytesInOutput)
      }
    }
    const total = startUp.reduce((sum, path) => sum + (metafile.outputs[path]?.bytes ?? 0), 0)
    const table = [...byPackage]
      .sort(([, a], [, b]) => b - a)
      .map(([name, bytes]) => `${name} ${bytes}`)
    const report = `${total} bytes minified (${gzipBytes} gzip; lazy chunks ${lazyBytes}): ${table.join(', ')}`
    await annotate(report) // the measured sizes, by package, in the test report
    expect(total, report).toBeLessThanOrEqual(BUDGET_BYTES)
  })

  it('keeps the OpenAPI document, the fixtures, the docs page, the two download writers and the state keeper out of the start-up chunks', () => {
    const inputs = startUp.flatMap((path) => Object.keys(metafile.outputs[path]?.inputs ?? {}))
    for (const lazy of [
      'src/api/document.ts',
      'src/mock/fixtures.ts',
      'src/mock/docs-page.ts',
      'src/server/journal-har.ts',
      'src/mock/scenario-export.ts',
      'src/msw/persist.ts',
      'src/mock/saved-state.ts',
      'src/server/journal-filters.ts',
    ]) {
      expect.soft(inputs).not.toContain(lazy)
    }
  })

  it('keeps only the English locale of zod', () => {
    const locales = Object.keys(metafile.inputs).filter((input) => /zod\/v4\/locales\//.test(input))
    expect(locales).toEqual(['node_modules/zod/v4/locales/en.js'])
  })

  it('imports nothing from Node', () => {
    const imports = Object.values(metafile.outputs).flatMap((output) => output.imports)
    expect(imports.filter(({ path }) => path.startsWith('node:'))).toEqual([])
    expect([...new Set(imports.filter((i) => i.external).map((i) => i.path))]).toEqual(['msw'])
  })

  it("is what package.json's browser condition of ./msw names", () => {
    const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'))
    const browser: { types: string; default: string } = manifest.exports['./msw'].browser
    expect(startUp).toContain(browser.default.replace(/^\.\//, ''))
    // A TypeScript project resolving the browser condition gets the handlers' declarations.
    expect(browser.types).toBe(manifest.exports['./msw'].types)
  })
})
