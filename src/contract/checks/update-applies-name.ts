import { fail, notApplicable, pass, quote } from '../check.js'
import { defineCheck } from '../define-check.js'
import { field, isSameText } from './json-object.js'

/**
 * Whether an answered id is the id in the path. A TypeID's suffix is base32, which reads either
 * case: a server that reaches `wrk_01KD…` as `wrk_01kd…` answers the same worker (an `either`
 * class of docs/CATALOGUE.md), in its own spelling. The prefix is compared exactly.
 */
const isSameId = (answered: unknown, sent: string | undefined): boolean => {
  if (typeof answered !== 'string' || sent === undefined) return false
  if (answered === sent) return true
  const at = sent.indexOf('_') + 1
  return (
    at > 0 &&
    answered.slice(0, at) === sent.slice(0, at) &&
    answered.slice(at).toLowerCase() === sent.slice(at).toLowerCase()
  )
}

export const updateAppliesName = defineCheck({
  id: 'update-applies-name',
  title: 'A rename answers with the same worker under its new name',
  spec: '§4.3',
  severity: 'error',
  profile: 'default',
  operations: ['updateWorker'],
  appliesTo: { expect: ['accept', 'either'], response: 'success' },
  run: ({ response, sentJson, params }) => {
    const worker = field(response.json, 'worker')
    if (worker === undefined) return notApplicable()
    const sentName = field(sentJson, 'name')
    const id = params['id']
    if (!isSameId(field(worker, 'id'), id))
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
