import { fail, notApplicable, pass, quote } from '../check.js'
import { defineCheck } from '../define-check.js'
import { field } from './json-object.js'

/**
 * spec §4.2: a create creates a worker. Two creates of different bodies that answer the same worker
 * id have not both created one. (Creates of the same body may be deduplicated: the spec is silent.)
 */
export const createReturnsNewId = defineCheck({
  id: 'create-returns-new-id',
  title: 'Each create answers a worker id no earlier create (of another body) answered',
  spec: '§4.2',
  severity: 'error',
  profile: 'default',
  operations: ['createWorker'],
  appliesTo: { expect: ['accept', 'either'], response: 'success', earlier: true },
  run: ({ response, earlier, sentBody }) => {
    const id = field(field(response.json, 'worker'), 'id')
    if (typeof id !== 'string') return notApplicable()
    const earlierBody = earlier.createdIds.get(id)
    if (earlierBody !== undefined && earlierBody !== sentBody)
      return fail(
        `worker.id ${quote(id)} was answered by an earlier create of another body`,
        '/worker/id',
      )
    return pass()
  },
})
