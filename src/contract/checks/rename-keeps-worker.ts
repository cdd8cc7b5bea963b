import { instantOf } from '../../schemas/date-time.js'
import { fail, notApplicable, pass, quote } from '../check.js'
import { defineCheck } from '../define-check.js'
import { KEPT_WORKER_FIELDS } from '../state-model.js'
import { field } from './json-object.js'

/** The same time, however a server writes it: the same text, or the same instant (any offset). */
const isSameInstant = (a: unknown, b: unknown) =>
  typeof a === 'string' &&
  typeof b === 'string' &&
  (a === b || (instantOf(a) !== undefined && instantOf(a) === instantOf(b)))

/**
 * spec §4.3: a rename changes the worker's name, and only that of what the request says: the
 * worker it answers keeps the organization, destination, creator, the create's other fields and
 * its creation time, as its create answered them. `earlier.renamedWorker` is the state model's
 * worker (state-model.ts): held to this after every rename, of it or of any other worker, and every
 * provider update between.
 */
export const renameKeepsWorker = defineCheck({
  id: 'rename-keeps-worker',
  title: 'A rename keeps what the rename does not name (organization, destination, creation…)',
  spec: '§4.3',
  severity: 'error',
  profile: 'default',
  operations: ['updateWorker'],
  appliesTo: { expect: ['accept', 'either'], response: 'success', earlier: true },
  run: ({ response, earlier }) => {
    const before = earlier.renamedWorker
    const after = field(response.json, 'worker')
    if (before === undefined || typeof after !== 'object' || after === null) return notApplicable()
    for (const name of KEPT_WORKER_FIELDS) {
      const was = field(before, name)
      const is = field(after, name)
      if (typeof was === 'string' && is !== was)
        return fail(
          `worker.${name} is ${quote(is)} after a rename; the worker had ${quote(was)} since its create, and no call since may change it`,
          `/worker/${name}`,
        )
    }
    const created = field(before, 'createdAt')
    if (typeof created === 'string' && !isSameInstant(field(after, 'createdAt'), created))
      return fail(
        `worker.createdAt is ${quote(field(after, 'createdAt'))} after a rename; its create answered ${quote(created)}`,
        '/worker/createdAt',
      )
    return pass()
  },
})
