import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { tsFilesUnder } from './helpers/source-files.js'

const SRC = fileURLToPath(new URL('../src', import.meta.url))

/** Every relative import of a file, as the top-level folder of src/ it lands in. */
const layersImportedBy = (file: string) => {
  const source = readFileSync(file, 'utf8')
  const specifiers = [...source.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)].map(
    (m) => m[1] ?? '',
  )
  return specifiers.map(
    (specifier) => relative(SRC, join(file, '..', specifier)).split('/')[0] ?? '',
  )
}

const layerOf = (file: string) => relative(SRC, file).split('/')[0] ?? ''

/** Which layers each layer may import (STYLE §1). index.ts is the public surface on top. */
const ALLOWED: Record<string, readonly string[]> = {
  // common is pure helpers that import nothing of ours: anyone may use it (DESIGN, dependency rule).
  schemas: ['schemas', 'common'],
  api: ['schemas', 'api'],
  common: ['common'],
  mock: ['schemas', 'api', 'common', 'mock'],
  contract: ['schemas', 'api', 'common', 'contract'],
  vitest: ['contract', 'vitest'],
  msw: ['mock', 'msw'],
  proxy: ['schemas', 'api', 'common', 'mock', 'contract', 'proxy'],
  cli: ['schemas', 'api', 'common', 'mock', 'contract', 'proxy', 'cli'],
  'index.ts': ['schemas', 'api', 'common', 'mock', 'contract', 'proxy'],
  'fixtures.ts': ['schemas', 'mock'],
  'browser.ts': ['schemas', 'mock'],
}

const edges = tsFilesUnder(SRC).flatMap((file) =>
  layersImportedBy(file).map((to) => ({ file: relative(SRC, file), from: layerOf(file), to })),
)

describe('architecture', () => {
  it('finds the imports it judges', () => {
    expect(edges.some((e) => e.from === 'mock' && e.to === 'schemas')).toBe(true)
    expect(edges.some((e) => e.from === 'cli' && e.to === 'mock')).toBe(true)
  })

  it('keeps every layer to the imports it is allowed', () => {
    const broken = edges.filter((e) => !(ALLOWED[e.from] ?? []).includes(e.to))
    expect(broken).toEqual([])
  })

  it('keeps vitest out of the contract suite and the mock (only src/vitest may import it)', () => {
    const importers = tsFilesUnder(SRC)
      .filter((file) => /from ['"]vitest['"]/.test(readFileSync(file, 'utf8')))
      .map((file) => layerOf(file))
    expect([...new Set(importers)]).toEqual(['vitest'])
  })

  it('lets the proxy use the contract suite through its public face only (src/contract/index.ts)', () => {
    const proxyFiles = tsFilesUnder(join(SRC, 'proxy'))
    expect(proxyFiles.length).toBeGreaterThan(0)
    const reachingIn = proxyFiles.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/from\s*['"](\.[^'"]+)['"]/g)]
        .map((m) => relative(SRC, join(file, '..', m[1] ?? '')))
        .filter((target) => target.startsWith('contract/') && target !== 'contract/index.js')
        .map((target) => `${relative(SRC, file)} → ${target}`),
    )
    expect(reachingIn).toEqual([])
  })

  it('keeps the mock and the contract suite apart', () => {
    const crossing = edges.filter(
      (e) =>
        (e.from === 'mock' && e.to === 'contract') || (e.from === 'contract' && e.to === 'mock'),
    )
    expect(crossing).toEqual([])
  })
})
