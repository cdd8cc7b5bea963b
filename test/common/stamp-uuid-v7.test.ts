import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { stampUuidV7 } from '../../src/common/stamp-uuid-v7.js'

const SEED = 20261124
const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')

describe('stampUuidV7', () => {
  it('sets version 7 and the RFC 9562 variant and keeps every other bit', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), (bytes) => {
        const before = Uint8Array.from(bytes)
        const stamped = stampUuidV7(bytes)
        expect.soft(stamped).toBe(bytes)
        expect.soft(hex(stamped)[12]).toBe('7')
        expect.soft('89ab').toContain(hex(stamped)[16])
        expect.soft((stamped[6] ?? 0) & 0x0f).toBe((before[6] ?? 0) & 0x0f)
        expect.soft((stamped[8] ?? 0) & 0x3f).toBe((before[8] ?? 0) & 0x3f)
        const untouched = (b: Uint8Array) => [...b].filter((_, i) => i !== 6 && i !== 8)
        expect.soft(untouched(stamped)).toEqual(untouched(before))
      }),
      { seed: SEED, numRuns: 500 },
    )
  })
})
