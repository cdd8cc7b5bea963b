import { ALL_OPERATIONS, type Check, fail, notApplicable, pass, responseOf } from '../check.js'

export const noServerError: Check = {
  id: 'no-server-error',
  title: 'No 5xx, whatever the input',
  spec: '§4, §7',
  severity: 'error',
  profile: 'default',
  operations: ALL_OPERATIONS,
  run: (input) => {
    const response = responseOf(input)
    if (!response) return notApplicable()
    return response.status >= 500 ? fail(`server error ${response.status}`) : pass()
  },
}
