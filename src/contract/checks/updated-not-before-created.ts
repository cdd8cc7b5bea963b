import { instantOf } from '../../schemas/date-time.js'
import { fail, pass, quote } from '../check.js'
import { defineCheck } from '../define-check.js'
import { field } from './json-object.js'

/** The objects of an answer that carry both times: the worker (§2.2) and the instance (§2.4). */
const TIMED = ['worker', 'instance'] as const

/**
 * spec §2.2, §2.4: an object's `updatedAt` is when it was last updated and `createdAt` when it was
 * created; an update cannot precede the creation of what it updates. Both are read from one answer
 * about one object, so no clock of another host is involved. Times that name no instant (a local
 * time without an offset, or not a date-time: `response-schema` judges those) are not compared.
 */
export const updatedNotBeforeCreated = defineCheck({
  id: 'updated-not-before-created',
  title: 'The worker and the instance are not updated before they were created',
  spec: '§2.2, §2.4',
  severity: 'error',
  profile: 'default',
  operations: ['createWorker', 'updateWorker'],
  appliesTo: { expect: ['accept', 'either'], response: 'json-success' },
  run: ({ response }) => {
    for (const name of TIMED) {
      const object = field(response.json, name)
      const createdAt = field(object, 'createdAt')
      const updatedAt = field(object, 'updatedAt')
      if (typeof createdAt !== 'string' || typeof updatedAt !== 'string') continue
      const created = instantOf(createdAt)
      const updated = instantOf(updatedAt)
      if (created !== undefined && updated !== undefined && updated < created)
        return fail(
          `${name}.updatedAt ${quote(updatedAt)} is before its createdAt ${quote(createdAt)}`,
          `/${name}/updatedAt`,
        )
    }
    return pass()
  },
})
