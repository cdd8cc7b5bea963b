import type {
  MockInstance,
  MockInstanceStatus,
  MockWorker,
  MockWorkerStatus,
} from '../schemas/worker.js'
import { isoTime, msOfIso } from './internal/iso-time.js'
import { type Lifecycle, stepAt } from './lifecycle.js'
import type { WorkerRecord } from './store.js'

/** The instance status that goes with a pinned worker status. */
const INSTANCE_STATUS_OF: Record<MockWorkerStatus, MockInstanceStatus> = {
  pending: 'pending',
  provisioning: 'provisioning',
  starting: 'running',
  running: 'running',
  stopped: 'stopped',
  failed: 'failed',
}

const later = (a: string, ms: number) => (msOfIso(a) >= ms ? a : isoTime(ms))

/**
 * A stored worker as `userId` sees it at `now`: `isMine` for its creator, and the statuses the
 * lifecycle gives its age (a pinned status stays). Computed on read: no timers, so a fixed clock
 * fixes every status.
 */
export const toWorkerView = (
  record: WorkerRecord,
  { userId, now, lifecycle }: { userId: string; now: number; lifecycle: Lifecycle },
): { worker: MockWorker; instance: MockInstance } => {
  const createdMs = msOfIso(record.worker.createdAt)
  const age = Math.max(record.lifecycleFromMs ?? 0, now - createdMs)
  const step = stepAt(lifecycle, record.worker.destination, age)
  const stepMs = createdMs + step.afterMs
  const status = record.pinnedStatus ?? step.status
  const moved = record.pinnedStatus === undefined && step.afterMs > 0
  const { id, orgId, createdByUserId } = record.worker
  const head = { id, orgId, createdByUserId, isMine: createdByUserId === userId }
  // The fields in this order: id, orgId, createdByUserId, isMine, then the stored worker's (the
  // first three set again to the same values keep their places), a changed status and times in
  // place. Copied with Object.assign: a spread after fields (`{ ...head, ...worker }`) took V8
  // 11–16 µs a worker (a new hidden class each time), Object.assign 0.5 µs; a rest copy
  // (`{ id, ...rest }`) is slower still.
  const worker: MockWorker = Object.assign(head, record.worker)
  worker.status = status
  if (moved) {
    worker.updatedAt = later(record.worker.updatedAt, stepMs)
    worker.lastActiveAt = later(record.worker.lastActiveAt, stepMs)
    if (status === 'running') worker.lastHeartbeatAt = later(record.worker.lastHeartbeatAt, stepMs)
  }
  const instance: MockInstance = { ...record.instance }
  instance.status =
    record.pinnedStatus === undefined
      ? step.instanceStatus
      : INSTANCE_STATUS_OF[record.pinnedStatus]
  if (moved) instance.updatedAt = later(record.instance.updatedAt, stepMs)
  return { worker, instance }
}
