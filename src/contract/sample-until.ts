import fc from 'fast-check'

/**
 * The values `fc.sample` gives for this seed, in the same order, but no more once the deadline
 * passes: a large `--runs` costs seconds to generate, and generating is part of the run's bound.
 */
export const sampleUntil = (
  arbitrary: fc.Arbitrary<unknown>,
  { seed, runs, deadline }: { seed: number; runs: number; deadline?: number | undefined },
): unknown[] => {
  const samples: unknown[] = []
  const left = deadline === undefined ? undefined : deadline - performance.now()
  if (left !== undefined && left <= 0) return samples
  fc.check(
    fc.property(arbitrary, (value) => {
      samples.push(value)
    }),
    {
      seed,
      numRuns: runs,
      endOnFailure: true,
      ...(left === undefined ? {} : { interruptAfterTimeLimit: Math.ceil(left) }),
    },
  )
  return samples
}
