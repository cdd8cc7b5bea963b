import { definedOnly } from '../common/defined-only.js'
import { buildWorkerRecord } from './factories.js'
import { stepAt } from './lifecycle.js'
import { withSeededStatus } from './recorded-seed.js'
import { ageOf, type SeedingContext } from './seeded-worker.js'
import type { WorkerPatch } from './state-edits.js'
import type { WorkerRecord } from './store.js'

const iso = (ms: number) => new Date(ms).toISOString()
const later = (at: string, ms: number) => iso(Math.max(Date.parse(at), ms))

/**
 * A worker moved to the other destination: an instance and a launch there, drawn as a create
 * draws them; its name, description and image kept, its workspace and sandbox drawn for the new
 * destination unless the patch gives them.
 */
const moved = (
  record: WorkerRecord,
  patch: WorkerPatch & { destination: WorkerRecord['worker']['destination'] },
  { faker, random, lifecycle }: SeedingContext,
): WorkerRecord => {
  const { worker } = record
  const rebuilt = buildWorkerRecord(
    { faker, random, now: Date.parse(worker.createdAt), id: worker.id },
    {
      name: worker.name,
      destination: patch.destination,
      description: worker.description,
      imageVersion: worker.imageVersion,
      ...definedOnly({ workspacePath: patch.workspacePath, sandboxBackend: patch.sandboxBackend }),
    },
    { orgId: worker.orgId, userId: worker.createdByUserId },
    stepAt(lifecycle, patch.destination, 0),
  )
  // A recorded status's step belongs to the old destination's lifecycle: it goes.
  return record.pinnedStatus === undefined
    ? rebuilt
    : { ...rebuilt, pinnedStatus: record.pinnedStatus }
}

/**
 * A stored worker with a patch applied (`PATCH /__mock/state/workers/{id}`): given fields
 * replace its own; `ageMs` or `createdAt` move its creation (and so its lifecycle); `status` pins
 * its status, `recordedStatus` sets it going on from that status, as in a scenario's seed.
 */
export const patchedWorker = (
  record: WorkerRecord,
  patch: WorkerPatch,
  context: SeedingContext,
): WorkerRecord => {
  const { now, lifecycle } = context
  const { status, recordedStatus, ageMs, createdAt, destination, ...fields } = patch
  const base =
    destination === undefined || destination === record.worker.destination
      ? record
      : moved(record, { ...patch, destination }, context)
  const createdMs =
    ageMs === undefined && createdAt === undefined
      ? Date.parse(base.worker.createdAt)
      : now - ageOf({ ageMs: ageMs ?? 0, ...definedOnly({ createdAt }) }, now)
  const { worker, instance } = base
  const patched: WorkerRecord = {
    ...base,
    worker: {
      ...worker,
      ...definedOnly(fields),
      createdAt: iso(createdMs),
      updatedAt: iso(now),
      lastActiveAt: later(worker.lastActiveAt, createdMs),
      lastHeartbeatAt: later(worker.lastHeartbeatAt, createdMs),
    },
    instance: {
      ...instance,
      createdAt: iso(createdMs),
      updatedAt: later(instance.updatedAt, createdMs),
    },
  }
  if (status === undefined && recordedStatus === undefined) return patched
  const { pinnedStatus: _pinned, lifecycleFromMs: _from, ...unseated } = patched
  return withSeededStatus(unseated, lifecycle, { status, recordedStatus })
}
