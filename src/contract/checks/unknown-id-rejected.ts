import { type Check, fail, isClientError, notApplicable, pass, responseOf } from '../check.js'

export const unknownIdRejected: Check = {
  id: 'unknown-id-rejected',
  title: 'Updating a worker, organization or provider that does not exist is rejected (4xx)',
  spec: '§4.1, §4.3',
  severity: 'error',
  profile: 'default',
  operations: ['updateWorker', 'updateLlmProvider'],
  run: (input) => {
    const response = responseOf(input)
    if (!response || input.case.kind !== 'unknown-id') return notApplicable()
    return isClientError(response.status)
      ? pass()
      : fail(`expected a 4xx for an id that names nothing, got ${response.status}`)
  },
}
