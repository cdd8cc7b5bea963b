import type { RouteHandler } from '@hono/zod-openapi'
import type { updateWorker as route } from '../../api/operations.js'
import type { MockEnv } from '../env.js'
import { PROBLEMS, problemResponse } from '../problem.js'
import { toWorkerView } from '../worker-view.js'

/** spec §4.3: rename a stored worker. */
export const updateWorker: RouteHandler<typeof route, MockEnv> = (c) => {
  const { session, now, userId } = c.var
  const { id } = c.req.valid('param')
  const record = session.store.workers.get(id)
  if (!record) {
    return problemResponse(c, 404, PROBLEMS.workerNotFound(id))
  }
  const updated = {
    ...record,
    worker: {
      ...record.worker,
      name: c.req.valid('json').name,
      updatedAt: new Date(now).toISOString(),
    },
  }
  session.store.putWorker(updated)
  return c.json(
    { worker: toWorkerView(updated, { userId, now, lifecycle: session.lifecycle }).worker },
    200,
  )
}
