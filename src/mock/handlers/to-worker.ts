import type { MockWorker } from '../../schemas/worker.js'
import type { WorkerRecord } from '../store.js'

/** The worker as `userId` sees it. */
export const toWorker = ({ worker }: WorkerRecord, userId: string): MockWorker => ({
  ...worker,
  isMine: worker.createdByUserId === userId,
})
