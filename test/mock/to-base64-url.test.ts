import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { toBase64Url } from '../../src/mock/internal/to-base64-url.js'

/** RFC 4648 §5 written out: what the browser path (btoa) gives. */
const reference = (bytes: Uint8Array) => {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}

describe('toBase64Url', () => {
  it('encodes any bytes, a view into a larger buffer too, as the browser path does', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.nat(8), (bytes, offset) => {
        const padded = new Uint8Array(offset + bytes.length + 3)
        padded.set(bytes, offset)
        const view = padded.subarray(offset, offset + bytes.length)
        expect(toBase64Url(view)).toBe(reference(bytes))
        expect(toBase64Url(view)).toMatch(/^[A-Za-z0-9_-]*$/)
      }),
      { seed: 11, numRuns: 2_000 },
    )
  })
})
