import { describe, expect, it } from 'vitest'
import { operations } from '../../src/api/operations.js'
import { bodySchemaOf, paramsSchemaOf, seededIdMaker } from '../../src/contract/cases.js'
import { buildRules, type Rule, type RuleKind } from '../../src/contract/coverage-rules.js'
import { jsonSchemaOf, literalPrefixOf } from '../../src/contract/json-schema.js'
import { limitsOf } from '../../src/contract/limits.js'
import { successOf } from '../../src/contract/success-schema.js'
import { documentationText } from '../helpers/documentation.js'

const rules = buildRules()
const makeId = seededIdMaker(1)
/** limits.ts exercises an item's bound on index 0; a rule speaks of every item. */
const itemPointer = (pointer: string) => pointer.replaceAll('/0', '/*')

const requestParts = operations.flatMap((operation) => {
  const params = paramsSchemaOf(operation)
  return [
    { operationId: operation.operationId, part: 'body' as const, schema: bodySchemaOf(operation) },
    ...(params
      ? [{ operationId: operation.operationId, part: 'params' as const, schema: params }]
      : []),
  ]
})

const LIMITS = requestParts.flatMap(({ operationId, part, schema }) =>
  limitsOf(schema, makeId).flatMap((limit) => {
    const pointer = itemPointer(limit.pointer)
    const [min, max]: [RuleKind, RuleKind] =
      limit.kind === 'length' ? ['min-length', 'max-length'] : ['min-items', 'max-items']
    return [
      ...(limit.min === undefined
        ? []
        : [{ operationId, part, pointer, kind: min, bound: limit.min }]),
      ...(limit.max === undefined
        ? []
        : [{ operationId, part, pointer, kind: max, bound: limit.max }]),
    ]
  }),
)

const find = (where: Pick<Rule, 'operationId' | 'part' | 'pointer' | 'kind'>) =>
  rules.filter(
    (r) =>
      r.operationId === where.operationId &&
      r.part === where.part &&
      r.pointer === where.pointer &&
      r.kind === where.kind,
  )

describe('buildRules', () => {
  it('reads at least one bound of each request part that has one', () => {
    expect(LIMITS.length).toBeGreaterThan(10)
  })

  it.each(LIMITS)('has a rule for $operationId $part $pointer $kind $bound', (limit) => {
    const [rule, ...others] = find(limit)
    expect(others).toEqual([])
    expect(rule?.bound).toBe(limit.bound)
  })

  it.each(requestParts)(
    'has a rule for each required key, enum and id prefix of $operationId $part',
    ({ operationId, part, schema }) => {
      const walk = (json: ReturnType<typeof jsonSchemaOf>, pointer: string) => {
        if (json.enum)
          expect.soft(find({ operationId, part, pointer, kind: 'enum' })).toHaveLength(1)
        if (literalPrefixOf(json.pattern) !== undefined) {
          const [rule] = find({ operationId, part, pointer, kind: 'pattern' })
          expect.soft(rule?.text).toContain(literalPrefixOf(json.pattern))
        }
        if (json.items) walk(json.items, `${pointer}/*`)
        for (const [key, property] of Object.entries(json.properties ?? {})) {
          if (part === 'body') {
            const kind = (json.required ?? []).includes(key) ? 'required' : 'optional'
            expect
              .soft(find({ operationId, part, pointer: `${pointer}/${key}`, kind }))
              .toHaveLength(1)
            expect
              .soft(find({ operationId, part, pointer: `${pointer}/${key}`, kind: 'type' }))
              .toHaveLength(1)
          }
          walk(property, `${pointer}/${key}`)
        }
      }
      walk(jsonSchemaOf(schema), '')
    },
  )

  it.each(operations.map((o) => o.operationId))(
    'has a rule for each key of the %s success body',
    (operationId) => {
      const keys: string[] = []
      const walk = (json: ReturnType<typeof jsonSchemaOf>, pointer: string) => {
        for (const [key, property] of Object.entries(json.properties ?? {})) {
          keys.push(`${pointer}/${key}`)
          walk(property, `${pointer}/${key}`)
        }
      }
      walk(jsonSchemaOf(successOf(operationId).schema), '')
      const responseRules = rules.filter(
        (r) => r.operationId === operationId && r.part === 'response',
      )
      expect(responseRules.map((r) => r.pointer)).toEqual(keys)
    },
  )

  it('gives every rule a unique id', () => {
    expect(new Set(rules.map((r) => r.id)).size).toBe(rules.length)
  })
})

describe('the documentation', () => {
  it('states the number of rules a default run against our mock exercises', () => {
    const readme = documentationText()
    expect(readme).toContain(`**100 %\n(${rules.length} of ${rules.length})**`)
    expect(readme).toContain(`| rules (${rules.length} today) |`)
  })
})
