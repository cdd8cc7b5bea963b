import type { SentStep } from './io.js'
import type { Command, Step } from './plan.js'

/** What trying a shorter sequence gave: it failed too (as sent), it passed, or it could not be paid for. */
export type Trial = SentStep[] | undefined | 'unaffordable'

/**
 * The steps left when some steps, or some calls of a step, are taken out: with them, every call
 * on a worker they created.
 */
const without = (steps: readonly Step[], removed: ReadonlySet<Step | Command>): Step[] => {
  const isGone = (c: Command, step: Step) => removed.has(step) || removed.has(c)
  const gone = new Set(
    steps.flatMap((step) =>
      step.together.filter((c) => c.case.operationId === 'createWorker' && isGone(c, step)),
    ),
  )
  return steps.flatMap((step) => {
    const kept = step.together.filter(
      (c) => !isGone(c, step) && (c.of === undefined || !gone.has(c.of)),
    )
    return kept.length === 0
      ? []
      : [kept.length === step.together.length ? step : { together: kept }]
  })
}

/** The last step, and the creates of the workers its calls rename: the least that could fail. */
const closureOf = (steps: readonly Step[]): Step[] => {
  const last = steps.at(-1)
  if (!last) return []
  const needed = new Set(last.together.flatMap((c) => (c.of === undefined ? [] : [c.of])))
  return [
    ...steps.slice(0, -1).flatMap((step) => {
      const kept = step.together.filter((c) => needed.has(c))
      return kept.length === 0 ? [] : [{ together: kept }]
    }),
    last,
  ]
}

/** The shortest failing sequence found (none: no shorter one failed), and whether the budget cut the search short. */
export type Shrunk = { readonly best: SentStep[] | undefined; readonly isCut: boolean }

/**
 * The shortest failing sequence found, as sent, by taking steps out of a failing one (the last
 * step, where it failed, always stays), in the manner of fast-check's and Hypothesis' shrinking of
 * model-based runs: first the least that could fail alone, then halves, quarters… down to single
 * steps, keeping each cut that still fails. Stops when nothing more can be taken out, or when a
 * trial cannot be paid for.
 */
export const shrinkSteps = async (
  failing: readonly Step[],
  trial: (steps: Step[]) => Promise<Trial>,
): Promise<Shrunk> => {
  let current = [...failing]
  let best: SentStep[] | undefined
  const callsOf = (steps: readonly Step[]) => steps.reduce((n, step) => n + step.together.length, 0)
  /** Tries a candidate with fewer steps (or, `byCalls`, fewer calls); keeps it if it fails too. */
  const tryOut = async (candidate: Step[], byCalls = false) => {
    const isShorter = byCalls
      ? callsOf(candidate) < callsOf(current)
      : candidate.length < current.length
    if (candidate.length === 0 || !isShorter) return 'passed' as const
    const result = await trial(candidate)
    if (result === 'unaffordable') return 'stop' as const
    if (result === undefined) return 'passed' as const
    // A trial stops at its failure: what came after it is not part of the sequence.
    current = candidate.slice(0, result.length)
    best = result
    return 'shorter' as const
  }

  const closure = closureOf(current)
  if ((await tryOut(closure)) === 'stop') return { best, isCut: true }
  for (let size = Math.ceil((current.length - 1) / 2); size >= 1; ) {
    let cut = false
    for (let from = 0; from + size <= current.length - 1; from++) {
      const removed = new Set<Step | Command>(current.slice(from, from + size))
      const outcome = await tryOut(without(current, removed))
      if (outcome === 'stop') return { best, isCut: true }
      if (outcome === 'shorter') {
        cut = true
        break
      }
    }
    if (!cut) size = size === 1 ? 0 : Math.ceil(size / 2)
    else size = Math.min(size, Math.ceil((current.length - 1) / 2))
  }
  // Then single calls of steps sent together: a pair where one call would do is not the shortest.
  for (let cut = true; cut; ) {
    cut = false
    for (const step of current.filter((s) => s.together.length > 1)) {
      for (const command of step.together) {
        const outcome = await tryOut(without(current, new Set<Step | Command>([command])), true)
        if (outcome === 'stop') return { best, isCut: true }
        if (outcome === 'shorter') cut = true
        if (cut) break
      }
      if (cut) break
    }
  }
  return { best, isCut: false }
}
