import { existsSync, readFileSync } from 'node:fs'
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
  // One floor above common: the one model of a secret; anyone above may use it (DESIGN). It reads
  // the schemas for what they declare public (the kit's ids).
  secrets: ['schemas', 'common', 'secrets'],
  // What every server of ours shares (host guard, CORS, admin guard, journal, listen): under both.
  server: ['schemas', 'api', 'common', 'secrets', 'pact', 'server'],
  // A recording as a Pact file: the API's table and schemas, the HAR reader, the secrets' masks.
  pact: ['schemas', 'api', 'common', 'secrets', 'pact'],
  mock: ['schemas', 'api', 'common', 'secrets', 'server', 'mock'],
  contract: ['schemas', 'api', 'common', 'secrets', 'contract'],
  vitest: ['contract', 'vitest'],
  msw: ['mock', 'msw'],
  // The proxy's `--fallback` is the mock, and what it records is a scenario: through mock's face
  // only (the face rule below), nothing of the mock's stages, problems or journal.
  proxy: ['schemas', 'api', 'common', 'secrets', 'server', 'mock', 'contract', 'proxy'],
  cli: [
    'schemas',
    'api',
    'common',
    'secrets',
    'server',
    'mock',
    'contract',
    'proxy',
    'pact',
    'cli',
  ],
  'index.ts': ['schemas', 'api', 'common', 'secrets', 'server', 'mock', 'contract', 'proxy'],
  'fixtures.ts': ['schemas', 'mock'],
  'browser.ts': ['schemas', 'mock'],
  // The browser root for a CommonJS runtime (Jest's jsdom): browser.ts's names and no others.
  'browser-require.ts': ['browser.js'],
}

const edges = tsFilesUnder(SRC).flatMap((file) =>
  layersImportedBy(file).map((to) => ({ file: relative(SRC, file), from: layerOf(file), to })),
)

/**
 * The files of src/ a file imports: every relative specifier of `import`, `import type`,
 * `export … from`, a dynamic `import()` and a `typeof import()`, resolved to its `.ts` file.
 */
const filesImportedBy = (file: string): string[] => {
  const source = readFileSync(file, 'utf8')
  const specifiers = [...source.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)].map(
    (m) => m[1] ?? '',
  )
  return specifiers.map((specifier) => {
    const target = join(file, '..', specifier)
    const candidates = [target.replace(/\.js$/, '.ts'), `${target}.ts`, join(target, 'index.ts')]
    return relative(SRC, candidates.find((candidate) => existsSync(candidate)) ?? target)
  })
}

/** The import circles of a graph: its strongly connected components of more than one file (Tarjan). */
const circlesOf = (graph: ReadonlyMap<string, readonly string[]>): string[][] => {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const circles: string[][] = []
  const visit = (node: string) => {
    index.set(node, index.size)
    low.set(node, index.get(node) ?? 0)
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0))
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0))
      }
    }
    if (low.get(node) !== index.get(node)) return
    const component: string[] = []
    let member: string | undefined
    do {
      member = stack.pop()
      if (member === undefined) break
      onStack.delete(member)
      component.push(member)
    } while (member !== node)
    const isSelfImport = component.length === 1 && (graph.get(node) ?? []).includes(node)
    if (component.length > 1 || isSelfImport) circles.push(component.sort())
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node)
  return circles
}

/** The folders used from outside through their face (`index.ts`) only. */
const FACED = ['server', 'mock', 'contract', 'proxy', 'pact'] as const

/**
 * Importers that may pick files behind a face: the package's entry points. The CLI loads each
 * command's files lazily (dist/bin splits at each `import()`, so `mock` never loads the contract
 * suite); `index.ts`, `browser.ts` and `fixtures.ts` are the package's exports, and a face would
 * pull Node's server into the browser build or the whole mock into `worker-api-kit/fixtures`.
 */
const ENTRY_POINTS = ['cli', 'index.ts', 'browser.ts', 'fixtures.ts']

/** Each import of a faced folder's insides by a file outside it, as `file → target`. */
const reachesBehindFaces = (graph: ReadonlyMap<string, readonly string[]>): string[] =>
  [...graph].flatMap(([file, targets]) =>
    targets
      .filter((target) => {
        const folder = target.split('/')[0] ?? ''
        return (
          FACED.some((faced) => faced === folder) &&
          folder !== file.split('/')[0] &&
          target !== `${folder}/index.ts`
        )
      })
      .map((target) => `${file} → ${target}`),
  )

const importGraph = new Map(
  tsFilesUnder(SRC).map((file) => [relative(SRC, file), filesImportedBy(file)] as const),
)

describe('architecture', () => {
  it('finds a circle where files import each other, type-only and re-exports included', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts', 'd.ts']],
      ['e.ts', []],
    ])
    expect(circlesOf(graph)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['d.ts']])
    expect(importGraph.get('contract/index.ts')?.length).toBeGreaterThan(0)
    expect(importGraph.get('mock/stages/public-routes.ts')).toContain('mock/served-document.ts')
  })

  it('finds an import of a folder behind its face, and lets an import of the face pass', () => {
    const graph = new Map([
      ['proxy/a.ts', ['mock/stages/cors.ts', 'server/index.ts', 'proxy/b.ts']],
      ['mock/app.ts', ['mock/store.ts', 'server/journal.ts']],
      ['common/c.ts', ['common/d.ts']],
    ])
    expect(reachesBehindFaces(graph)).toEqual([
      'proxy/a.ts → mock/stages/cors.ts',
      'mock/app.ts → server/journal.ts',
    ])
  })

  it('uses server, mock, contract and proxy from outside through their index.ts only (each import behind a face listed)', () => {
    const layered = new Map(
      [...importGraph].filter(([file]) => !ENTRY_POINTS.includes(file.split('/')[0] ?? '')),
    )
    expect(reachesBehindFaces(layered)).toEqual([])
  })

  it('has no import circle in src (each circle listed by its files)', () => {
    expect(circlesOf(importGraph).map((circle) => circle.join(' ⇄ '))).toEqual([])
  })

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

/** The names a face exports (values and types), as written in its `export { … } from` lines. */
const faceNames = (face: string): string[] =>
  [...readFileSync(join(SRC, face), 'utf8').matchAll(/export (?:type )?\{([^}]*)\}/g)]
    .flatMap((m) => (m[1] ?? '').split(','))
    .map(
      (name) =>
        name
          .trim()
          .replace(/^type /, '')
          .split(' as ')
          .pop() ?? '',
    )
    .filter((name) => name !== '')

/** The names files outside `folder` import from its face. */
const importedFromFace = (folder: string): Set<string> => {
  const names = new Set<string>()
  for (const file of tsFilesUnder(SRC)) {
    if (relative(SRC, file).startsWith(`${folder}/`)) continue
    const source = readFileSync(file, 'utf8')
    for (const m of source.matchAll(
      /(?:import|export) (?:type )?\{([^}]*)\} from ['"](\.[^'"]+)['"]/g,
    )) {
      if (relative(SRC, join(file, '..', m[2] ?? '')) !== `${folder}/index.js`) continue
      for (const name of (m[1] ?? '').split(','))
        names.add(
          name
            .trim()
            .replace(/^type /, '')
            .split(' as ')[0] ?? '',
        )
    }
  }
  return names
}

describe('the server face (src/server/index.ts)', () => {
  const exported = faceNames('server/index.ts')

  it('offers what its users use, and nothing for no one', () => {
    const used = importedFromFace('server')
    expect(exported.filter((name) => !used.has(name))).toEqual([])
    // Services, not parts: it exported 56 names when each server put a journal entry together
    // from a dozen of them; 44 now (a ratchet: a new name replaces one, or says why here).
    expect(exported.length).toBeLessThanOrEqual(44)
  })

  it('lets the mock and the proxy journal an exchange with one call, never a hand-made entry', () => {
    const handMade = tsFilesUnder(SRC)
      .filter((file) => !relative(SRC, file).startsWith('server/'))
      .filter((file) => /\bjournal\.record\(|\.journal\.record\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file))
    expect(handMade).toEqual([])
    expect(exported).toContain('recordExchange')
    for (const part of ['journalBody', 'journalHeaders', 'journalResponse', 'maskedPlaces'])
      expect(exported).not.toContain(part)
  })

  it("words only the server layer's own problems (host, origin, size, admin, no route)", () => {
    const SERVER_KINDS = [
      'validation',
      'malformed-json',
      'not-found',
      'method-not-allowed',
      'payload-too-large',
      'unsupported-media-type',
      'unauthorized',
      'forbidden',
      'internal-error',
    ]
    const worded = tsFilesUnder(join(SRC, 'server')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/buildProblem\(\s*'([a-z-]+)'/g)].map(
        (m) => `${relative(SRC, file)}: ${m[1]}`,
      ),
    )
    expect(worded.length).toBeGreaterThan(10)
    expect(worded.filter((found) => !SERVER_KINDS.includes(found.split(': ')[1] ?? ''))).toEqual([])
    const mockWords = /scenario|--passthrough|worker with id|LLM provider/i
    const source = readFileSync(join(SRC, 'server/problem.ts'), 'utf8')
    const from = source.indexOf('export const SERVER_PROBLEMS')
    const catalogue = source.slice(from, source.indexOf('} as const', from))
    expect(catalogue).toContain('foreignHost')
    expect(catalogue).not.toMatch(mockWords)
  })
})
