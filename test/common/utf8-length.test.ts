import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { detached } from '../../src/common/excerpt.js'
import { utf8Length } from '../../src/common/utf8-length.js'

const SEED = 20261124
/** Any UTF-16 code unit, lone surrogates included. */
const anyUnits = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
})

describe('utf8 length', () => {
  it('counts what node encodes for any text, lone surrogates included', () => {
    fc.assert(
      fc.property(fc.oneof(anyUnits, fc.string({ unit: 'binary' })), (text) => {
        expect(utf8Length(text)).toBe(Buffer.byteLength(text, 'utf8'))
      }),
      { seed: SEED, numRuns: 2_000 },
    )
  })

  it('copies any text unchanged when detaching it from its parent', () => {
    fc.assert(
      fc.property(anyUnits, (text) => {
        expect(detached(text)).toBe(text)
      }),
      { seed: SEED, numRuns: 1_000 },
    )
    const long = 'é'.repeat(10_000)
    expect(detached(long)).toBe(long)
  })
})
