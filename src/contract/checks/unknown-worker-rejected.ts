import { type Check, fail, isClientError, notApplicable, pass, responseOf } from '../check.js'

export const unknownWorkerRejected: Check = {
  id: 'unknown-worker-rejected',
  title: 'Renaming a worker that does not exist is rejected (4xx)',
  spec: '§4.3',
  severity: 'error',
  profile: 'default',
  operations: ['updateWorker'],
  run: (input) => {
    const response = responseOf(input)
    if (!response || input.case.kind !== 'unknown-id') return notApplicable()
    return isClientError(response.status)
      ? pass()
      : fail(`expected a 4xx for a worker id that names nothing, got ${response.status}`)
  },
}
