import { ALL_OPERATIONS, type Check, fail, notApplicable, pass, responseOf } from '../check.js'
import { successOf } from '../success-schema.js'

/** Our conventions (README#assumptions): the declared success code, 400 invalid, 404 unknown. */
export const strictStatusCodes: Check = {
  id: 'strict-status-codes',
  title:
    'Exact status codes: the declared success code, 400 for invalid input, 404 for unknown ids',
  spec: 'convention',
  severity: 'error',
  profile: 'strict',
  operations: ALL_OPERATIONS,
  run: (input) => {
    const response = responseOf(input)
    if (!response) return notApplicable()
    const { expect, kind, operationId } = input.case
    const expected =
      expect === 'accept' ? successOf(operationId).status : kind === 'unknown-id' ? 404 : 400
    return response.status === expected
      ? pass()
      : fail(`expected exactly ${expected}, got ${response.status}`)
  },
}
