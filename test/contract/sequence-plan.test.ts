import { describe, expect, it } from 'vitest'
import { buildCases } from '../../src/contract/cases.js'
import { planSequence, type Step } from '../../src/contract/sequences/index.js'

const generated = (runs: number, seed = 1) => {
  const cases = buildCases({ seed, runs, allowCloud: false, namePrefix: 'wak-test' }).filter(
    (c) => c.kind === 'generated',
  )
  const of = (operationId: string) => cases.filter((c) => c.operationId === operationId)
  return {
    seed,
    creates: of('createWorker'),
    renames: of('updateWorker'),
    providerUpdates: of('updateLlmProvider'),
  }
}

/** Each step as `create,rename+provider,…`: what it sends, calls of a step together joined by `+`. */
const shapeOf = (steps: readonly Step[]) =>
  steps.map((s) => s.together.map((c) => c.case.operationId).join('+'))

describe('a run’s sequence', () => {
  it('is the same for the same seed, and another for another seed', () => {
    const titles = (steps: Step[]) =>
      steps.map((s) => s.together.map((c) => c.case.title).join(' | '))
    expect(titles(planSequence(generated(5)))).toEqual(titles(planSequence(generated(5))))
    const seeds = [2, 3, 4, 5].map((seed) => shapeOf(planSequence(generated(5, seed))).join())
    expect(new Set(seeds).size).toBeGreaterThan(1)
  })

  it.each([1, 5, 12])(
    'with --runs %i: every body once, a rename only after its worker’s create, and each worker renamed back last',
    (runs) => {
      const input = generated(runs)
      const steps = planSequence(input)
      const commands = steps.flatMap((s) => s.together)
      const created = new Set<unknown>()
      for (const step of steps) {
        for (const c of step.together) if (c.of !== undefined) expect(created.has(c.of)).toBe(true)
        for (const c of step.together) if (c.case.operationId === 'createWorker') created.add(c)
      }
      const workers = Math.max(5, runs)
      expect(commands.filter((c) => c.case.operationId === 'createWorker')).toHaveLength(workers)
      expect(commands.filter((c) => c.case.operationId === 'updateLlmProvider')).toHaveLength(
        Math.max(2, runs),
      )
      const back = steps.slice(-workers)
      expect(
        back.every(
          (s) =>
            s.together.length === 1 &&
            /back to an earlier name|to a new name/.test(s.together[0]?.case.title ?? ''),
        ),
      ).toBe(true)
      // Each of those renames changes the name (a stale copy of the worker would show).
      const nameIn = (c: Step['together'][number]) => {
        const { body } = c.case
        return 'json' in body ? Reflect.get(Object(body.json), 'name') : undefined
      }
      const last = new Map<unknown, unknown>()
      for (const step of steps.slice(0, -workers))
        for (const c of step.together)
          if (c.case.operationId !== 'updateLlmProvider') last.set(c.of ?? c, nameIn(c))
      for (const step of back)
        for (const c of step.together) expect(nameIn(c)).not.toBe(last.get(c.of))
      // A worker, then two at once, and two more at once later.
      expect(shapeOf(steps).slice(0, 2)).toEqual(['createWorker', 'createWorker+createWorker'])
      expect(shapeOf(steps).filter((s) => s === 'createWorker+createWorker')).toHaveLength(2)
      // Renames of two workers at once.
      expect(
        steps.some(
          (s) =>
            s.together.length === 2 &&
            s.together.every((c) => c.case.operationId === 'updateWorker') &&
            s.together[0]?.of !== s.together[1]?.of,
        ),
      ).toBe(true)
      expect(
        steps.some(
          (s) => s.together.length === 2 && s.together[0]?.case.operationId !== 'createWorker',
        ),
      ).toBe(true)
    },
  )

  it('sends no provider update without a provider, and names each body it sends at once', () => {
    const steps = planSequence({ ...generated(5), providerUpdates: [] })
    const commands = steps.flatMap((s) => s.together)
    expect(commands.some((c) => c.case.operationId === 'updateLlmProvider')).toBe(false)
    for (const step of steps.filter((s) => s.together.length > 1))
      for (const c of step.together) expect(c.case.title).toMatch(/^sequence: .*sent together/)
  })
})
