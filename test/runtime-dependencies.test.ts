import { readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { tsFilesUnder } from './helpers/source-files.js'
import { REPO_ROOT } from './helpers/spawn-cli.js'

const SRC = join(REPO_ROOT, 'src')

/** The package a bare specifier names (`@scope/name/sub` → `@scope/name`). */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/')

describe('runtime dependencies', () => {
  it('are the only packages src/ imports, with type-only imports aside', () => {
    const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'))
    const installed = new Set([
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.peerDependencies ?? {}),
    ])
    const strays = tsFilesUnder(SRC).flatMap((file) => {
      const source = readFileSync(file, 'utf8')
      // Value imports and dynamic imports; `import type` and `typeof import()` cost nothing at run time.
      const specifiers = [
        ...source.matchAll(/^import(?!\s+type\b)[^'"]*?from\s*['"]([^'".][^'"]*)['"]/gm),
        ...source.matchAll(/(?<!typeof\s)\bimport\(\s*['"]([^'".][^'"]*)['"]\s*\)/g),
      ].map((match) => match[1] ?? '')
      return specifiers
        .filter((s) => !s.startsWith('node:') && !builtinModules.includes(s))
        .filter((s) => !installed.has(packageOf(s)))
        .map((s) => `${file.slice(SRC.length + 1)}: ${s}`)
    })
    expect(strays).toEqual([])
  })
})
