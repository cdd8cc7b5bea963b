import { z } from '@hono/zod-openapi'
import { Destination, MockInstanceStatus, MockWorkerStatus } from '../schemas/worker.js'

/**
 * The oldest a seeded worker can be, and the latest a lifecycle step can start (ten years): any
 * value a scenario file holds gives a valid date when the mock builds it.
 */
export const MAX_AGE_MS = 10 * 365 * 24 * 3_600_000

/** One stage of a worker's life: from `afterMs` after creation, the worker and instance statuses. */
export const LifecycleStep = z
  .object({
    afterMs: z.int().min(0).max(MAX_AGE_MS),
    status: MockWorkerStatus,
    instanceStatus: MockInstanceStatus,
  })
  .strict()
export type LifecycleStep = z.infer<typeof LifecycleStep>

/** Steps per destination, the first at 0 ms, in increasing `afterMs`. */
const Steps = z
  .array(LifecycleStep)
  .min(1)
  .max(20)
  .refine((steps) => steps[0]?.afterMs === 0, 'the first step starts at afterMs 0')
  .refine(
    (steps) => steps.every((step, i) => i === 0 || step.afterMs > (steps[i - 1]?.afterMs ?? 0)),
    'afterMs must increase from step to step',
  )

export const Lifecycle = z.object({ local: Steps, cloud: Steps }).strict()
export type Lifecycle = z.infer<typeof Lifecycle>

/**
 * How workers come up when a scenario says nothing (assumption: see docs/scenarios.md#worker-lifecycle): a local
 * worker waits for its host to connect; a cloud worker provisions a machine, then starts.
 */
export const DEFAULT_LIFECYCLE: Lifecycle = {
  local: [
    { afterMs: 0, status: 'pending', instanceStatus: 'pending' },
    { afterMs: 4_000, status: 'running', instanceStatus: 'running' },
  ],
  cloud: [
    { afterMs: 0, status: 'provisioning', instanceStatus: 'provisioning' },
    { afterMs: 10_000, status: 'starting', instanceStatus: 'running' },
    { afterMs: 20_000, status: 'running', instanceStatus: 'running' },
  ],
}

/** The step a worker of this destination is in, `ageMs` after its creation. */
export const stepAt = (
  lifecycle: Lifecycle,
  destination: Destination,
  ageMs: number,
): LifecycleStep => {
  const steps = lifecycle[destination]
  let current = steps[0] ?? DEFAULT_LIFECYCLE[destination][0]
  for (const step of steps) if (step.afterMs <= ageMs) current = step
  return current ?? { afterMs: 0, status: 'pending', instanceStatus: 'pending' }
}

export { Destination }
