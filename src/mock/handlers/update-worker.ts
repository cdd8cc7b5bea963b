import type { updateWorker as route } from '../../api/operations.js'
import { answerJson, PROBLEMS, problemResponse } from '../../server/index.js'
import { toWorkerView } from '../worker-view.js'
import type { OperationHandler } from './operation-handler.js'

/** spec §4.3: rename a stored worker. */
export const updateWorker: OperationHandler<typeof route> = (c, { params, body }) => {
  const session = c.get('session')
  const now = c.get('now')
  const record = session.store.workers.get(params.id)
  if (!record) {
    return problemResponse(c, 404, PROBLEMS.workerNotFound(params.id))
  }
  const updated = {
    ...record,
    worker: { ...record.worker, name: body.name, updatedAt: new Date(now).toISOString() },
  }
  session.store.putWorker(updated)
  const view = toWorkerView(updated, { userId: c.get('userId'), now, lifecycle: session.lifecycle })
  return answerJson(c, { worker: view.worker }, 200)
}
