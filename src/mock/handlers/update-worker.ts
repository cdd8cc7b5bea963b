import { isoTime } from '../internal/iso-time.js'
import { MOCK_PROBLEMS } from '../problems.js'
import { toWorkerView } from '../worker-view.js'
import type { OperationHandler } from './operation-handler.js'

/** spec §4.3: rename a stored worker. */
export const updateWorker: OperationHandler<'updateWorker'> = ({
  params,
  body,
  session,
  now,
  userId,
}) => {
  const record = session.store.workers.get(params.id)
  if (!record) return { status: 404, problem: MOCK_PROBLEMS.workerNotFound(params.id) }
  const updated = {
    ...record,
    worker: { ...record.worker, name: body.name, updatedAt: isoTime(now) },
  }
  session.store.putWorker(updated, record)
  const view = toWorkerView(updated, { userId, now, lifecycle: session.lifecycle })
  return { status: 200, body: { worker: view.worker } }
}
