import {
  ALL_OPERATIONS,
  type Check,
  fail,
  isSuccess,
  notApplicable,
  pass,
  quote,
  responseOf,
} from '../check.js'
import { isJsonType } from '../client.js'

export const successIsJson: Check = {
  id: 'success-is-json',
  title: 'A success answer is JSON, labelled as JSON',
  spec: '§intro (bodies are JSON), §4',
  severity: 'error',
  profile: 'default',
  operations: ALL_OPERATIONS,
  run: (input) => {
    const response = responseOf(input)
    if (!response || !isSuccess(response.status)) return notApplicable()
    const contentType = response.headers['content-type']
    if (!isJsonType(contentType))
      return fail(`content-type is ${quote(contentType ?? 'missing')}, not JSON`)
    if (response.parseError !== undefined) return fail(`the body is ${response.parseError}`)
    if (!response.isJson) return fail(`the body does not parse as JSON: ${quote(response.text)}`)
    return pass()
  },
}
