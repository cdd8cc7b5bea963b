import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { operations } from '../../src/api/operations.js'
import { arbitraryOf } from '../../src/contract/arbitraries.js'
import { bodySchemaOf, buildCases } from '../../src/contract/cases.js'
import { jsonSchemaOf } from '../../src/contract/json-schema.js'
import { createLazySamples } from '../../src/contract/lazy-samples.js'

const SEED = 11
/** More than one chunk of generated values, so that reads cross a chunk's edge. */
const RUNS = 40

describe('createLazySamples', () => {
  it.each(operations.map((o) => [o.operationId, o] as const))(
    'gives the values fc.sample gives for %s at each index, read in any order',
    (_id, operation) => {
      const arbitrary = arbitraryOf(jsonSchemaOf(bodySchemaOf(operation)))
      const samples = createLazySamples(arbitrary, { seed: SEED, runs: RUNS })
      const indexes = [...Array(RUNS).keys()]
      const backwards = indexes.toReversed().map((i) => [i, samples.at(i)])

      expect(backwards.toReversed(), `seed ${SEED}`).toEqual(
        fc.sample(arbitrary, { seed: SEED, numRuns: RUNS }).map((value, i) => [i, value]),
      )
    },
  )

  it('generates nothing until a value is read, then only the values near it', () => {
    let generated = 0
    const counted = fc.integer().map((n) => {
      generated++
      return n
    })
    const samples = createLazySamples(counted, { seed: SEED, runs: 1000 })

    expect.soft(generated).toBe(0)
    samples.at(500)
    expect.soft(generated).toBeGreaterThan(0)
    expect.soft(generated).toBeLessThanOrEqual(64)
  })

  it('gives nothing outside the runs asked for', () => {
    const samples = createLazySamples(fc.integer(), { seed: SEED, runs: 3 })

    expect([samples.at(-1), samples.at(3)]).toEqual([undefined, undefined])
  })
})

describe('buildCases', () => {
  it('gives the generated LLM-provider bodies fc.sample gives for the seed, in order', () => {
    const operation = operations.find((o) => o.operationId === 'updateLlmProvider')
    if (!operation) throw new Error('updateLlmProvider is not an operation')
    const cases = buildCases({ seed: SEED, runs: RUNS, allowCloud: false, namePrefix: 'wak-test' })
    const generated = cases.filter(
      (c) => c.operationId === 'updateLlmProvider' && c.kind === 'generated',
    )

    expect(generated.map((c) => c.body)).toEqual(
      fc
        .sample(arbitraryOf(jsonSchemaOf(bodySchemaOf(operation))), { seed: SEED, numRuns: RUNS })
        .map((json) => ({ json })),
    )
  })

  it('numbers every operation’s cases from 1 in order, the catalogue’s first, generated ones last', () => {
    const cases = buildCases({ seed: SEED, runs: 3, allowCloud: false, namePrefix: 'wak-test' })

    for (const { operationId } of operations) {
      const own = cases.filter((c) => c.operationId === operationId)
      expect.soft(own.map((c) => c.id)).toEqual(own.map((_, i) => `${operationId}#${i + 1}`))
      expect.soft(own.slice(-3).map((c) => c.kind)).toEqual(['generated', 'generated', 'generated'])
      expect.soft(own.slice(0, -3).filter((c) => c.valueClass === undefined)).toEqual([])
    }
  })
})
