import { describe, expect, it } from 'vitest'
import { createRandom } from '../../src/mock/internal/random.js'

/** `n` bytes as the generator's words give them: each word low byte first, the last one cut. */
const wordBytes = (seed: number, n: number) => {
  const words = createRandom(seed)
  const out: number[] = []
  while (out.length < n) {
    const word = words.uint32()
    for (let shift = 0; shift < 32 && out.length < n; shift += 8) out.push((word >>> shift) & 0xff)
  }
  return out
}

describe('createRandom', () => {
  // Ids, tokens and the committed fixtures come from these bytes: their order is part of the seed.
  it.each([1, 3, 4, 7, 16, 24, 72])('gives %i bytes from whole words, low byte first', (n) => {
    for (const seed of [0, 1, 99, 2 ** 32 - 1]) {
      expect([...createRandom(seed).bytes(n)]).toEqual(wordBytes(seed, n))
    }
  })

  it('draws a word for a partial one, so the next draw starts on the word after', () => {
    const random = createRandom(5)
    random.bytes(5) // two words
    expect([...random.bytes(4)]).toEqual(wordBytes(5, 12).slice(8))
  })

  it('goes on from a saved place with the same draws', () => {
    const random = createRandom(11)
    random.bytes(9)
    const other = createRandom(0)
    other.load(random.save())
    expect([...other.bytes(24)]).toEqual([...random.bytes(24)])
  })
})
