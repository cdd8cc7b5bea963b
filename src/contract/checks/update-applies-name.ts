import { type Check, fail, isSuccess, notApplicable, pass, quote, responseOf } from '../check.js'
import { field, isSameText, parsedBody } from './json-object.js'

export const updateAppliesName: Check = {
  id: 'update-applies-name',
  title: 'A rename answers with the same worker under its new name',
  spec: '§4.3',
  severity: 'error',
  profile: 'default',
  operations: ['updateWorker'],
  run: (input) => {
    const response = responseOf(input)
    if (!response || input.case.expect !== 'accept' || !isSuccess(response.status))
      return notApplicable()
    const worker = field(response.json, 'worker')
    if (worker === undefined) return notApplicable()
    const sentName = field(parsedBody(input.sentBody), 'name')
    const id = input.params['id']
    if (field(worker, 'id') !== id)
      return fail(
        `worker.id is ${quote(field(worker, 'id'))}, not the renamed ${quote(id)}`,
        '/worker/id',
      )
    if (!isSameText(field(worker, 'name'), sentName)) {
      return fail(
        `worker.name is ${quote(field(worker, 'name'))}, not the new name ${quote(sentName)}`,
        '/worker/name',
      )
    }
    return pass()
  },
}
