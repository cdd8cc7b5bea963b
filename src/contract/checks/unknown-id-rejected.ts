import { fail, pass } from '../check.js'
import { defineCheck } from '../define-check.js'
import { isClientError } from '../status-class.js'

export const unknownIdRejected = defineCheck({
  id: 'unknown-id-rejected',
  title: 'Updating a worker, organization or provider that does not exist is rejected (4xx)',
  spec: '§4.1, §4.3',
  severity: 'error',
  profile: 'default',
  operations: ['updateWorker', 'updateLlmProvider'],
  appliesTo: { kind: 'unknown-id', response: 'any' },
  run: ({ response }) =>
    isClientError(response.status)
      ? pass()
      : fail(`expected a 4xx for an id that names nothing, got ${response.status}`),
})
