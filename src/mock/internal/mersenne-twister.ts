// MT19937 as @faker-js/faker 10 runs it (MIT), numeric seeds only: the mock draws its faker data
// from the same stream faker would, so the data (and the committed fixtures) stay faker's.
const N = 624
const M = 397
const MATRIX_A = 0x9908b0df
const UPPER_MASK = 2 ** 31
const LOWER_MASK = 2 ** 31 - 1

const initialState = (seed: number): number[] => {
  const state: number[] = [seed]
  for (let i = 1; i < N; i++) {
    const previous = state[i - 1] as number
    state[i] = Math.trunc(Math.imul(1812433253, previous ^ (previous >>> 30)) + i)
  }
  return state
}

/** The next block of 624 words, in place (the state array has exactly N entries). */
const twist = (state: number[]): number[] => {
  const at = (i: number) => state[i] as number
  for (let i = 0; i < N - M; i++) {
    const y = (at(i) & UPPER_MASK) + (at(i + 1) & LOWER_MASK)
    state[i] = at(i + M) ^ (y >>> 1) ^ (-(y & 1) & MATRIX_A)
  }
  for (let i = N - M; i < N - 1; i++) {
    const y = (at(i) & UPPER_MASK) + (at(i + 1) & LOWER_MASK)
    state[i] = at(i + M - N) ^ (y >>> 1) ^ (-(y & 1) & MATRIX_A)
  }
  const y = (at(N - 1) & UPPER_MASK) + (at(0) & LOWER_MASK)
  state[N - 1] = at(M - 1) ^ (y >>> 1) ^ (-(y & 1) & MATRIX_A)
  return state
}

/** Where a twister is: its 624 words and the next one to read. */
type TwisterState = { readonly words: readonly number[]; readonly index: number }

/**
 * A seeded source of uniform floats in [0, 1) with 53 random bits (faker's `next()`), which can
 * `save` where it is and `load` it back (an edit the mock refuses gives back what it drew).
 */
export const createMersenneTwister = (seed: number) => {
  let state = twist(initialState(seed))
  let index = 0
  const nextUint32 = () => {
    let y = state[index] as number
    y ^= y >>> 11
    y ^= (y << 7) & 0x9d2c5680
    y ^= (y << 15) & 0xefc60000
    y ^= y >>> 18
    index++
    if (index >= N) {
      state = twist(state)
      index = 0
    }
    return y >>> 0
  }
  const next = () => ((nextUint32() >>> 5) * 2 ** 26 + (nextUint32() >>> 6)) / 2 ** 53
  return Object.assign(next, {
    // Copies: `twist` rewrites the words in place.
    save: (): TwisterState => ({ words: [...state], index }),
    load: (saved: TwisterState) => {
      state = [...saved.words]
      index = saved.index
    },
  })
}
