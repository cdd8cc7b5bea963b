import { fail, notApplicable, pass, quote } from '../check.js'
import { defineCheck } from '../define-check.js'
import { field, isSameText, parsedBody } from './json-object.js'

export const updateAppliesName = defineCheck({
  id: 'update-applies-name',
  title: 'A rename answers with the same worker under its new name',
  spec: '§4.3',
  severity: 'error',
  profile: 'default',
  operations: ['updateWorker'],
  appliesTo: { expect: ['accept', 'either'], response: 'success' },
  run: ({ response, sentBody, params }) => {
    const worker = field(response.json, 'worker')
    if (worker === undefined) return notApplicable()
    const sentName = field(parsedBody(sentBody), 'name')
    const id = params['id']
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
})
