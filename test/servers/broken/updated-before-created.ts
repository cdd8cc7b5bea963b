import { broken, getAt, updateAt } from '../wrap-mock.js'

const ONE_SECOND_MS = 1000

/** updatedAt one second before the worker's createdAt. */
const beforeCreation = (body: unknown) =>
  updateAt(body, ['worker', 'updatedAt'], () =>
    new Date(
      Date.parse(String(getAt(body, ['worker', 'createdAt']))) - ONE_SECOND_MS,
    ).toISOString(),
  )

export default broken(
  {
    breaks: 'updated-not-before-created',
    spec: '§2.2',
    description: 'worker.updatedAt is one second before worker.createdAt',
  },
  { success: { createWorker: beforeCreation, updateWorker: beforeCreation } },
)
