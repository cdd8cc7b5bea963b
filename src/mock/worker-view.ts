import type {
  MockInstance,
  MockInstanceStatus,
  MockWorker,
  MockWorkerStatus,
} from '../schemas/worker.js'
import { isoTime } from './internal/iso-time.js'
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

const later = (a: string, ms: number) => (Date.parse(a) >= ms ? a : isoTime(ms))

/**
 * A stored worker as `userId` sees it at `now`: `isMine` for its creator, and the statuses the
 * lifecycle gives its age (a pinned status stays). Computed on read: no timers, so a fixed clock
 * fixes every status.
 */
export const toWorkerView = (
  record: WorkerRecord,
  { userId, now, lifecycle }: { userId: string; now: number; lifecycle: Lifecycle },
): { worker: MockWorker; instance: MockInstance } => {
  const createdMs = Date.parse(record.worker.createdAt)
  const age = Math.max(record.lifecycleFromMs ?? 0, now - createdMs)
  const step = stepAt(lifecycle, record.worker.destination, age)
  const stepMs = createdMs + step.afterMs
  const status = record.pinnedStatus ?? step.status
  const moved = record.pinnedStatus === undefined && step.afterMs > 0
  const { id, orgId, createdByUserId, ...rest } = record.worker
  return {
    worker: {
      id,
      orgId,
      createdByUserId,
      isMine: createdByUserId === userId,
      ...rest,
      status,
      ...(moved
        ? {
            updatedAt: later(rest.updatedAt, stepMs),
            lastActiveAt: later(rest.lastActiveAt, stepMs),
            ...(status === 'running'
              ? { lastHeartbeatAt: later(rest.lastHeartbeatAt, stepMs) }
              : {}),
          }
        : {}),
    },
    instance: {
      ...record.instance,
      status:
        record.pinnedStatus === undefined
          ? step.instanceStatus
          : INSTANCE_STATUS_OF[record.pinnedStatus],
      ...(moved ? { updatedAt: later(record.instance.updatedAt, stepMs) } : {}),
    },
  }
}
