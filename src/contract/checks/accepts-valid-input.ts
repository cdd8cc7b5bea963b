import { ALL_OPERATIONS, fail, pass } from '../check.js'
import { defineCheck } from '../define-check.js'
import { isSuccess } from '../status-class.js'

export const acceptsValidInput = defineCheck({
  id: 'accepts-valid-input',
  title: 'Input within every constraint is accepted (2xx)',
  spec: '§4, §8',
  severity: 'error',
  profile: 'default',
  operations: ALL_OPERATIONS,
  appliesTo: { expect: ['accept'], response: 'any' },
  run: ({ response }) =>
    isSuccess(response.status)
      ? pass()
      : fail(`expected a 2xx for input that keeps every constraint, got ${response.status}`),
})
