import { describe, expect, it } from 'vitest'
import { buildCases } from '../../src/contract/cases.js'
import { evidenceOfCase } from '../../src/contract/coverage-evidence.js'
import { buildRules } from '../../src/contract/coverage-rules.js'

const SEED = 1
const cases = buildCases({ seed: SEED, runs: 2, allowCloud: false, namePrefix: 'wak-test' })
const rules = buildRules()

/** `/body/memberIds/0` → the rule's part and pointer: `body`, `/memberIds/*`. */
const ruleAt = (brokenPointer: string) => {
  const [, part = '', ...rest] = brokenPointer.split('/')
  return { part, pointer: rest.map((s) => (/^\d+$/.test(s) ? '/*' : `/${s}`)).join('') }
}

describe('buildCases', () => {
  it('names the constraint each case to reject breaks, except an id that names nothing', () => {
    const rejected = cases.filter((c) => c.expect === 'reject')
    expect(rejected.filter((c) => c.kind !== 'unknown-id' && c.breaks === undefined)).toEqual([])
    expect(rejected.filter((c) => c.kind === 'unknown-id' && c.breaks !== undefined)).toEqual([])
    expect(cases.filter((c) => c.expect === 'accept' && c.breaks !== undefined)).toEqual([])
  })

  it('breaks exactly the rule it names, as the coverage table reads the request (seed 1)', () => {
    const misnamed = cases
      .filter((c) => c.breaks !== undefined && c.brokenPointer !== undefined)
      .filter((c) => {
        const { part, pointer } = ruleAt(c.brokenPointer ?? '')
        const rule = rules.find(
          (r) =>
            r.operationId === c.operationId &&
            r.part === part &&
            r.pointer === pointer &&
            r.kind === c.breaks,
        )
        return rule === undefined || !evidenceOfCase(rule, c).isViolation
      })
      .map((c) => `${c.operationId}: ${c.title} (${c.breaks})`)
    expect(misnamed).toEqual([])
  })

  it('breaks a path id by its prefix or its length only', () => {
    const pathCases = cases.filter((c) => c.brokenPointer?.startsWith('/params/'))
    expect(new Set(pathCases.map((c) => c.breaks))).toEqual(
      new Set(['pattern', 'min-length', 'max-length']),
    )
    // A pattern is broken at the prefix alone: missing, in capitals, another kind's, no underscore.
    for (const c of pathCases.filter((c) => c.breaks === 'pattern'))
      expect.soft(c.valueClass).toMatch(/^(?:pattern\/|path-id\/real-prefix-case$)/)
  })
})
