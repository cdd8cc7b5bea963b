import { describe, expect, it } from 'vitest'
import { buildWorkerRecord } from '../../src/mock/factories.js'
import { createFaker } from '../../src/mock/internal/create-faker.js'
import { createRandom } from '../../src/mock/internal/random.js'
import { DEFAULT_LIFECYCLE, Lifecycle, stepAt } from '../../src/mock/lifecycle.js'
import type { WorkerRecord } from '../../src/mock/store.js'
import { toWorkerView } from '../../src/mock/worker-view.js'
import type { Destination } from '../../src/schemas/worker.js'

const CREATED = Date.UTC(2026, 5, 15, 12, 0, 0)
const OWNER = 'usr_01kdvdna00ezebs8vrjvkdzfyj'
const OTHER = 'usr_01kdvdna00exz9aham88b1k8jw'
const iso = (ms: number) => new Date(ms).toISOString()

/** A stored worker created at CREATED by OWNER, in the first step of the default lifecycle. */
const record = (destination: Destination, pinnedStatus?: WorkerRecord['pinnedStatus']) => {
  const built = buildWorkerRecord(
    { faker: createFaker(3), random: createRandom(3), now: CREATED },
    { name: 'w', destination },
    { orgId: 'org_01kdvdna00ezebs8vrjvkdzfyj', userId: OWNER },
  )
  return pinnedStatus === undefined ? built : { ...built, pinnedStatus }
}

const viewAt = (rec: WorkerRecord, ageMs: number, userId = OWNER) =>
  toWorkerView(rec, { userId, now: CREATED + ageMs, lifecycle: DEFAULT_LIFECYCLE })

const step = (afterMs: number) => ({ afterMs, status: 'pending', instanceStatus: 'pending' })

describe('lifecycle', () => {
  it.each([
    ['local', 0, 'pending', 'pending'],
    ['local', 3_999, 'pending', 'pending'],
    ['local', 4_000, 'running', 'running'],
    ['local', 4_001, 'running', 'running'],
    ['local', 86_400_000, 'running', 'running'],
    ['cloud', 0, 'provisioning', 'provisioning'],
    ['cloud', 9_999, 'provisioning', 'provisioning'],
    ['cloud', 10_000, 'starting', 'running'],
    ['cloud', 19_999, 'starting', 'running'],
    ['cloud', 20_000, 'running', 'running'],
    ['cloud', 86_400_000, 'running', 'running'],
  ] as const)(
    'puts a %s worker %i ms old in status %s with its instance %s',
    (destination, ageMs, status, instanceStatus) => {
      expect(stepAt(DEFAULT_LIFECYCLE, destination, ageMs)).toMatchObject({
        status,
        instanceStatus,
      })
      expect(viewAt(record(destination), ageMs)).toMatchObject({
        worker: { status },
        instance: { status: instanceStatus },
      })
    },
  )

  it.each(['local', 'cloud'] as const)(
    'treats a %s worker with a negative age (a clock behind its creation) as just created',
    (destination) => {
      const first = DEFAULT_LIFECYCLE[destination][0]
      expect(stepAt(DEFAULT_LIFECYCLE, destination, -1)).toEqual(first)
      expect(viewAt(record(destination), -60_000).worker.status).toBe(first?.status)
    },
  )

  it.each([
    ['local', 4_000, 4_000],
    ['local', 7_500, 4_000],
    ['cloud', 10_000, 10_000],
    ['cloud', 15_000, 10_000],
    ['cloud', 25_000, 20_000],
  ] as const)(
    'moves updatedAt and lastActiveAt of a %s worker %i ms old to the start of its step (%i ms)',
    (destination, ageMs, stepMs) => {
      const { worker, instance } = viewAt(record(destination), ageMs)
      expect.soft(worker.updatedAt).toBe(iso(CREATED + stepMs))
      expect.soft(worker.lastActiveAt).toBe(iso(CREATED + stepMs))
      expect.soft(instance.updatedAt).toBe(iso(CREATED + stepMs))
      expect.soft(worker.createdAt).toBe(iso(CREATED))
    },
  )

  it.each(['local', 'cloud'] as const)(
    'leaves the times of a %s worker in its first step as created',
    (destination) => {
      const { worker, instance } = viewAt(record(destination), 1_000)
      expect.soft(worker.updatedAt).toBe(iso(CREATED))
      expect.soft(worker.lastActiveAt).toBe(iso(CREATED))
      expect.soft(worker.lastHeartbeatAt).toBe(iso(CREATED))
      expect.soft(instance.updatedAt).toBe(iso(CREATED))
    },
  )

  it('moves lastHeartbeatAt only once the worker is running', () => {
    const cloud = record('cloud')
    expect.soft(viewAt(cloud, 15_000).worker.lastHeartbeatAt).toBe(iso(CREATED))
    expect.soft(viewAt(cloud, 25_000).worker.lastHeartbeatAt).toBe(iso(CREATED + 20_000))
  })

  it('keeps an updatedAt later than the start of the step', () => {
    const cloud = record('cloud')
    const renamed = { ...cloud, worker: { ...cloud.worker, updatedAt: iso(CREATED + 22_000) } }
    expect.soft(viewAt(renamed, 25_000).worker.updatedAt).toBe(iso(CREATED + 22_000))
    expect.soft(viewAt(renamed, 25_000).worker.lastActiveAt).toBe(iso(CREATED + 20_000))
  })

  it.each([
    ['pending', 'pending'],
    ['provisioning', 'provisioning'],
    ['starting', 'running'],
    ['running', 'running'],
    ['stopped', 'stopped'],
    ['failed', 'failed'],
  ] as const)(
    'keeps a pinned status %s at every age, with its instance %s and its times',
    (pinned, instanceStatus) => {
      for (const destination of ['local', 'cloud'] as const) {
        for (const ageMs of [0, 10_000, 86_400_000]) {
          const { worker, instance } = viewAt(record(destination, pinned), ageMs)
          expect.soft(worker.status, `${destination} at ${ageMs}`).toBe(pinned)
          expect.soft(instance.status, `${destination} at ${ageMs}`).toBe(instanceStatus)
          expect.soft(worker.updatedAt, `${destination} at ${ageMs}`).toBe(iso(CREATED))
        }
      }
    },
  )

  it.each([
    ['its creator', OWNER, true],
    ['another user', OTHER, false],
  ])('shows a worker to %s with isMine %s', (_, userId, isMine) => {
    const { worker } = viewAt(record('local'), 0, userId)
    expect.soft(worker.isMine).toBe(isMine)
    expect.soft(worker.createdByUserId).toBe(OWNER)
  })

  it('follows a lifecycle given in place of the default one', () => {
    const slow = Lifecycle.parse({
      local: [step(0), { afterMs: 60_000, status: 'failed', instanceStatus: 'failed' }],
      cloud: [step(0)],
    })
    const view = (ageMs: number) =>
      toWorkerView(record('local'), { userId: OWNER, now: CREATED + ageMs, lifecycle: slow })
    expect.soft(view(59_999).worker.status).toBe('pending')
    expect.soft(view(60_000)).toMatchObject({
      worker: { status: 'failed' },
      instance: { status: 'failed' },
    })
  })

  it('accepts the default lifecycle', () => {
    expect(Lifecycle.safeParse(DEFAULT_LIFECYCLE).error).toBeUndefined()
  })

  it.each([
    ['a first step after 0', [step(1_000)], 'the first step starts at afterMs 0'],
    ['two steps at the same time', [step(0), step(5), step(5)], 'afterMs must increase'],
    ['a step before the previous one', [step(0), step(10), step(5)], 'afterMs must increase'],
    ['a negative afterMs', [step(0), step(-5)], ''],
    ['no steps at all', [], ''],
    ['a fractional afterMs', [step(0), step(1.5)], ''],
  ])('rejects a lifecycle with %s', (_, steps, message) => {
    const result = Lifecycle.safeParse({ local: steps, cloud: [step(0)] })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((i) => i.path[0])).toContain('local')
    expect(result.error?.issues.map((i) => i.message).join('; ')).toContain(message)
  })

  it.each([
    [
      'a worker status it does not know',
      { afterMs: 0, status: 'booting', instanceStatus: 'pending' },
    ],
    [
      'an instance status it does not know',
      { afterMs: 0, status: 'pending', instanceStatus: 'starting' },
    ],
  ])('rejects a step with %s', (_, first) => {
    expect(Lifecycle.safeParse({ local: [first], cloud: [step(0)] }).success).toBe(false)
  })

  it('rejects a lifecycle without one of the destinations', () => {
    expect(Lifecycle.safeParse({ local: [step(0)] }).success).toBe(false)
  })
})
