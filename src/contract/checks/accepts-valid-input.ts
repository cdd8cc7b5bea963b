import {
  ALL_OPERATIONS,
  type Check,
  fail,
  isSuccess,
  notApplicable,
  pass,
  responseOf,
} from '../check.js'

export const acceptsValidInput: Check = {
  id: 'accepts-valid-input',
  title: 'Input within every constraint is accepted (2xx)',
  spec: '§4, §8',
  severity: 'error',
  profile: 'default',
  operations: ALL_OPERATIONS,
  run: (input) => {
    const response = responseOf(input)
    if (!response || input.case.expect !== 'accept') return notApplicable()
    return isSuccess(response.status)
      ? pass()
      : fail(`expected a 2xx for input that keeps every constraint, got ${response.status}`)
  },
}
