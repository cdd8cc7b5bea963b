import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { operations } from '../../src/api/operations.js'
import { arbitraryOf } from '../../src/contract/arbitraries.js'
import { bodySchemaOf } from '../../src/contract/cases.js'
import { jsonSchemaOf } from '../../src/contract/json-schema.js'
import { sampleUntil } from '../../src/contract/sample-until.js'

const SEED = 11

describe('sampleUntil', () => {
  it.each(operations.map((o) => [o.operationId, o] as const))(
    'gives the values fc.sample gives for %s, in the same order',
    (_id, operation) => {
      const arbitrary = arbitraryOf(jsonSchemaOf(bodySchemaOf(operation)))

      expect(sampleUntil(arbitrary, { seed: SEED, runs: 8 })).toEqual(
        fc.sample(arbitrary, { seed: SEED, numRuns: 8 }),
      )
    },
  )

  it('generates nothing once the deadline has passed', () => {
    const arbitrary = fc.string()

    expect(
      sampleUntil(arbitrary, { seed: SEED, runs: 5, deadline: performance.now() - 1 }),
    ).toEqual([])
  })
})
