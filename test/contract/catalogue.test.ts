import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { buildCases } from '../../src/contract/cases.js'
import { CATALOGUE, renderCatalogueTable } from '../../src/contract/catalogue/index.js'
import { summarize } from '../../src/contract/report.js'
import { formatReport } from '../../src/contract/reporters/console.js'
import { runContract } from '../../src/contract/runner.js'
import { createMockApp } from '../../src/mock/app.js'

const DOC = 'docs/CATALOGUE.md'
const SEEDS = [1, 2, 77, 123_456] as const

/** The catalogue's cases of a run: class and title, the same whatever the seed. */
const catalogueOf = (seed: number, allowCloud = false) =>
  buildCases({ seed, runs: 5, allowCloud, namePrefix: 'wak-test' })
    .filter((c) => c.valueClass !== undefined)
    .map((c) => `${c.operationId} ${c.title}${c.withheld ? ` [withheld: ${c.withheld}]` : ''}`)

/** A contract run against a fresh mock in-process, seed 1, one generated body per operation. */
const judgeMock = (options: { allowCloud?: boolean }) => {
  const app = createMockApp()
  return runContract({
    baseUrl: 'http://mock.test',
    fetch: (input, init) => app.request(input, init),
    ...app.ids,
    seed: 1,
    runs: 1,
    ...options,
  })
}

describe('the case catalogue', () => {
  it('is the table docs/CATALOGUE.md shows, row for row', () => {
    const doc = readFileSync(DOC, 'utf8')
    const table = doc.split('<!-- catalogue:start -->\n')[1]?.split('\n<!-- catalogue:end -->')[0]
    expect(table, 'run: npm run build && node scripts/render-catalogue.mjs').toBe(
      renderCatalogueTable(),
    )
  })

  it('gives every class a stable, unique id and a reason with a spec section', () => {
    const ids = CATALOGUE.map((c) => c.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const c of CATALOGUE) {
      expect.soft(c.id).toMatch(/^[a-z-]+\/[a-z0-9-]+$/)
      expect.soft(c.spec).toMatch(/§/)
      expect.soft(c.why.length).toBeGreaterThan(10)
    }
  })

  it.each(SEEDS)('sends the same catalogue cases under seed %i as under seed 1', (seed) => {
    expect(catalogueOf(seed)).toEqual(catalogueOf(1))
  })

  it('makes at least one case of every class, and withholds only cloud workers', () => {
    const sent = buildCases({ seed: 1, runs: 0, allowCloud: true, namePrefix: 'wak-test' })
    expect(new Set(sent.map((c) => c.valueClass).filter(Boolean))).toEqual(
      new Set(CATALOGUE.map((c) => c.id)),
    )
    expect(sent.filter((c) => c.withheld !== undefined)).toEqual([])
    const withheld = buildCases({ seed: 1, runs: 0, allowCloud: false, namePrefix: 'wak-test' })
      .filter((c) => c.withheld !== undefined)
      .map((c) => c.title)
    expect(withheld).toEqual(['enum/each: destination: (cloud) each allowed value'])
  })

  it('lists the cloud worker it withholds without --allow-cloud, and counts it as nothing skipped', async () => {
    const report = await judgeMock({})
    expect(report.skippedCases).toEqual([])
    expect(summarize(report).skipped).toBe(0)
    expect(report.withheldCases).toEqual([
      {
        operationId: 'createWorker',
        caseTitle: 'enum/each: destination: (cloud) each allowed value',
        reason: 'cloud workers may provision machines: pass --allow-cloud',
      },
    ])
    expect(formatReport(report)).toContain(
      'not sent, as the options ask: createWorker enum/each: destination: (cloud) each allowed value (cloud workers may provision machines: pass --allow-cloud)',
    )
  })

  it('sends every class against the mock and finds each answered as the spec requires', async () => {
    const report = await judgeMock({ allowCloud: true })
    const sent = new Map<string, number>()
    const failed: string[] = []
    for (const row of report.coverage.rows)
      for (const c of row.classes) {
        sent.set(c.id, (sent.get(c.id) ?? 0) + c.sent)
        if (c.failed > 0) failed.push(`${row.rule}: ${c.id}`)
      }
    expect([...sent.keys()].sort()).toEqual(CATALOGUE.map((c) => c.id).sort())
    expect(failed).toEqual([])
    expect(report.requestCount).toBeLessThan(1_000)
  })
})
