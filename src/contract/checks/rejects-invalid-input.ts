import {
  ALL_OPERATIONS,
  type Check,
  fail,
  isClientError,
  notApplicable,
  pass,
  responseOf,
} from '../check.js'

export const rejectsInvalidInput: Check = {
  id: 'rejects-invalid-input',
  title: 'Input that breaks a constraint is rejected (4xx)',
  spec: '§4, §8',
  severity: 'error',
  profile: 'default',
  operations: ALL_OPERATIONS,
  run: (input) => {
    const response = responseOf(input)
    const { expect, kind, brokenPointer } = input.case
    if (!response || expect !== 'reject' || kind === 'unknown-id') return notApplicable()
    return isClientError(response.status)
      ? pass()
      : fail(
          `expected a 4xx for input that breaks ${brokenPointer ?? 'a constraint'}, got ${response.status}`,
        )
  },
}
