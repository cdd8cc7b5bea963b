import type { MockWorkerStatus } from '../schemas/worker.js'
import { MIN_KEY_LENGTH_FOR_HINT } from './factories.js'
import type { Lifecycle } from './lifecycle.js'
import type { WorkerRecord } from './store.js'

/**
 * A seeded worker's record with its status: pinned (`status`, or a recorded status its
 * destination's lifecycle does not have), or, for a recorded status the lifecycle has, carried on
 * from that status's step: a worker recorded `running` never starts again at `provisioning`.
 */
export const withSeededStatus = (
  record: WorkerRecord,
  lifecycle: Lifecycle,
  seeded: { status?: MockWorkerStatus | undefined; recordedStatus?: MockWorkerStatus | undefined },
): WorkerRecord => {
  if (seeded.status !== undefined) return { ...record, pinnedStatus: seeded.status }
  if (seeded.recordedStatus === undefined) return record
  const step = lifecycle[record.worker.destination].find((s) => s.status === seeded.recordedStatus)
  return step === undefined
    ? { ...record, pinnedStatus: seeded.recordedStatus }
    : { ...record, lifecycleFromMs: step.afterMs }
}

/** Characters of a stored key the mock shows (`apiKeyLastFour`). */
const SHOWN_KEY_CHARACTERS = 4

/**
 * A stand-in key ending with the last four characters a recording kept, when it kept them; one
 * too short to show any (`null`: the key it stands for showed none, an export says so).
 */
export const standInKey = (drawn: string, lastFour: string | null | undefined): string =>
  lastFour === undefined
    ? drawn
    : lastFour === null
      ? drawn.slice(0, MIN_KEY_LENGTH_FOR_HINT - 1)
      : `${drawn.slice(0, -SHOWN_KEY_CHARACTERS)}${lastFour}`
