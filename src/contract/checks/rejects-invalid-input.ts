import { ALL_OPERATIONS, fail, pass } from '../check.js'
import { defineCheck } from '../define-check.js'
import { isClientError } from '../status-class.js'

export const rejectsInvalidInput = defineCheck({
  id: 'rejects-invalid-input',
  title: 'Input that breaks a constraint is rejected (4xx)',
  spec: '§4, §8',
  severity: 'error',
  profile: 'default',
  operations: ALL_OPERATIONS,
  // An id that names nothing is unknown-id-rejected's to judge.
  appliesTo: { expect: ['reject'], exceptKind: 'unknown-id', response: 'any' },
  run: ({ response, case: c }) =>
    isClientError(response.status)
      ? pass()
      : fail(
          `expected a 4xx for input that breaks ${c.brokenPointer ?? 'a constraint'}, got ${response.status}`,
        ),
})
