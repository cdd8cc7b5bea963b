import { readFileSync } from 'node:fs'
import { z } from '@hono/zod-openapi'
import { describe, expect, it } from 'vitest'
import { documentationText } from './helpers/documentation.js'

// The package entry exports what the README and the docs/ pages tell users to import, and nothing
// more: the list in docs/library.md#library and src/index.ts are held together here, and every
// documented example imports only names its entry exports.

const README = documentationText()
const INDEX_SOURCE = readFileSync(new URL('../src/index.ts', import.meta.url), 'utf8')

/** Each published entry, as the README imports it, and its source. */
const ENTRIES: Record<string, () => Promise<Record<string, unknown>>> = {
  'worker-api-kit': () => import('../src/index.js'),
  'worker-api-kit/fixtures': () => import('../src/fixtures.js'),
  'worker-api-kit/msw': () => import('../src/msw/handlers.js'),
  'worker-api-kit/schemas': () => import('../src/schemas/index.js'),
  'worker-api-kit/vitest': () => import('../src/vitest/describe-contract.js'),
}

/** `import { a, type B } from 'worker-api-kit…'` in the README's ```ts blocks. */
const readmeImports = (): { entry: string; name: string; isType: boolean }[] => {
  const blocks = [...README.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1] ?? '')
  return blocks.flatMap((block) =>
    [...block.matchAll(/import\s*{([^}]*)}\s*from\s*'(worker-api-kit[^']*)'/g)].flatMap((match) =>
      (match[1] ?? '')
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== '')
        .map((part) => ({
          entry: match[2] ?? '',
          name: part.replace(/^type\s+/, ''),
          isType: part.startsWith('type '),
        })),
    ),
  )
}

/** The names src/index.ts exports as types only (its `export type { … }` block). */
const typeExports = (): string[] =>
  [...INDEX_SOURCE.matchAll(/^export type {([^}]*)}/gm)].flatMap(
    (match) =>
      (match[1] ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== ''), // a block Biome wraps ends in a comma
  )

/** docs/library.md#library's list of the entry's exports, as the backticked names it holds. */
const listedInLibrary = (): Set<string> => {
  const start = README.indexOf('The package entry `worker-api-kit` exports')
  const end = README.indexOf('`worker-api-kit/fixtures`, `worker-api-kit/msw`', start)
  if (start < 0 || end < 0)
    throw new Error('docs/library.md#library: the list of exports is missing')
  const names = [...README.slice(start, end).matchAll(/`([A-Za-z_][\w]*)`/g)].map((m) => m[1])
  return new Set(names.filter((name): name is string => name !== undefined))
}

describe('the package entry', () => {
  it('exports every name a README example imports, from the entry the example names', async () => {
    const imports = readmeImports()
    expect(imports.length).toBeGreaterThan(0)
    for (const { entry, name, isType } of imports) {
      const load = ENTRIES[entry]
      expect.soft(load, `README imports from ${entry}, which is no entry`).toBeDefined()
      if (load === undefined) continue
      if (isType) expect.soft(typeExports(), `${entry}: type ${name}`).toContain(name)
      else expect.soft(Object.keys(await load()), `${entry}: ${name}`).toContain(name)
    }
  })

  it('exports exactly the names docs/library.md#library lists, the Zod schemas as a group', async () => {
    const entry = await import('../src/index.js')
    const values = Object.entries(entry)
      .filter(([, value]) => !(value instanceof z.ZodType))
      .map(([name]) => name)
    const exported = [...values, ...typeExports()].sort()
    expect(exported).toEqual([...listedInLibrary()].sort())
  })

  it('keeps its types in one separate `export type` block', () => {
    const inline = [...INDEX_SOURCE.matchAll(/^export {[^}]*\btype\s/gm)]
    expect(inline.map((match) => match[0])).toEqual([])
    expect(typeExports().length).toBeGreaterThan(0)
  })
})
