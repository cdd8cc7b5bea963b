import type { SentCall, SentStep, SequenceIo } from './io.js'
import type { Command, Step } from './plan.js'
import { scriptOf } from './script.js'
import { shrinkSteps } from './shrink.js'

/**
 * Runs steps in order, each step's calls at once. A rename goes to the id its worker's create
 * answered; a rename whose worker was not created is not sent.
 */
const sendSteps = async (
  steps: readonly Step[],
  io: SequenceIo,
  mode: 'record' | 'probe',
  /** Stops after the first step on which this check fails (a shrink needs no more). */
  until?: { readonly checkId: string } | undefined,
): Promise<SentStep[]> => {
  const ids = new Map<Command, string>()
  const sent: SentStep[] = []
  const sendCommand = async (command: Command) => {
    const id = command.of === undefined ? undefined : ids.get(command.of)
    if (command.of !== undefined && id === undefined) return undefined
    const call = await io.send(command.case, id === undefined ? {} : { id }, mode)
    if (call?.createdId !== undefined) ids.set(command, call.createdId)
    return call
  }
  for (const step of steps) {
    // Together, unless the target is failing: a burst would not be kind to it.
    const calls = io.isStruggling()
      ? await step.together.reduce<Promise<(SentCall | undefined)[]>>(
          async (done, command) => [...(await done), await sendCommand(command)],
          Promise.resolve([]),
        )
      : await Promise.all(step.together.map(sendCommand))
    sent.push({ step, calls })
    if (until && calls.some((call) => call?.failures.some((f) => f.checkId === until.checkId)))
      break
  }
  return sent
}

/** Creates in some steps: the workers a sequence would make. */
const createsIn = (steps: readonly Step[]) =>
  steps.reduce(
    (sum, step) => sum + step.together.filter((c) => c.case.operationId === 'createWorker').length,
    0,
  )
const callsIn = (steps: readonly Step[]) =>
  steps.reduce((sum, step) => sum + step.together.length, 0)

/**
 * Runs the run's sequence into the report, then, for its first failure, looks for the shortest
 * sequence that fails the same check (shrinking, within what the run may still spend), and notes
 * each finding of the sequence with the sequence that leads to it, as curl lines.
 */
export const runSequence = async (steps: readonly Step[], io: SequenceIo): Promise<void> => {
  const sent = await sendSteps(steps, io, 'record')
  const failedAt = sent.findIndex((s) => s.calls.some((call) => (call?.failures.length ?? 0) > 0))
  let shrunk: { checkId: string; script: string[] } | undefined
  if (failedAt >= 0) {
    const call = sent[failedAt]?.calls.find((c) => (c?.failures.length ?? 0) > 0)
    const checkId = call?.failures[0]?.checkId
    if (call && checkId !== undefined) {
      const shortest = await shrinkSteps(steps.slice(0, failedAt + 1), async (candidate) => {
        if (!io.canAfford(callsIn(candidate), createsIn(candidate))) return 'unaffordable'
        const tried = await sendSteps(candidate, io, 'probe', { checkId })
        const fails = tried.some((s) =>
          s.calls.some(
            (c) =>
              c?.operationId === call.operationId && c.failures.some((f) => f.checkId === checkId),
          ),
        )
        return fails ? tried : undefined
      })
      const header = shortest.isCut
        ? '# shrinking stopped: it spent what --max-creates leaves past the catalogue, or its calls; a larger --max-creates shrinks further'
        : shortest.best === undefined
          ? '# no shorter sequence fails it'
          : '# the shortest sequence found that fails it (shrunk)'
      shrunk = {
        checkId,
        script: [header, ...scriptOf(shortest.best ?? sent.slice(0, failedAt + 1), checkId)],
      }
    }
  }
  // Every finding of the sequence, warnings too, with the sequence up to it (or the shortest found).
  sent.forEach((s, index) => {
    for (const call of s.calls) {
      if (!call) continue
      for (const failure of [...call.failures, ...call.warnings]) {
        const script =
          shrunk && index === failedAt && failure.checkId === shrunk.checkId
            ? shrunk.script
            : scriptOf(sent.slice(0, index + 1), failure.checkId)
        io.note(
          { checkId: failure.checkId, operationId: call.operationId, curl: call.curl },
          script,
        )
      }
    }
  })
}
