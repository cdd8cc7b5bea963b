import fc from 'fast-check'
import { TypeID } from 'typeid-js'
import { describe, expect, it } from 'vitest'
import { typeIdSuffix } from '../../src/common/type-id.js'
import { newId } from '../../src/mock/internal/new-id.js'
import { createRandom } from '../../src/mock/internal/random.js'

describe('newId', () => {
  it('encodes any 16 bytes exactly as typeid-js does', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), (bytes) => {
        expect(`wrk_${typeIdSuffix(bytes)}`).toBe(TypeID.fromUUIDBytes('wrk', bytes).toString())
      }),
      { seed: 7, numRuns: 2_000 },
    )
  })

  it.each(['wrk', 'org', 'lpr', 'om', 'tem', 'usr'])(
    'makes %s ids that typeid-js parses as UUIDv7 of the clock',
    (prefix) => {
      const ms = Date.UTC(2026, 5, 1, 12)
      const id = newId(prefix, createRandom(3), ms)
      const parsed = TypeID.fromString(id, prefix)
      expect.soft(parsed.toUUID()[14]).toBe('7')
      expect.soft(Number.parseInt(parsed.toUUID().replaceAll('-', '').slice(0, 12), 16)).toBe(ms)
    },
  )
})
