import { ALL_OPERATIONS, fail, pass } from '../check.js'
import { defineCheck } from '../define-check.js'

export const noServerError = defineCheck({
  id: 'no-server-error',
  title: 'No 5xx, whatever the input',
  spec: '§4, §7',
  severity: 'error',
  profile: 'default',
  operations: ALL_OPERATIONS,
  appliesTo: { response: 'any' },
  run: ({ response }) =>
    response.status >= 500 ? fail(`server error ${response.status}`) : pass(),
})
