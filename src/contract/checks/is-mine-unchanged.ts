import { fail, notApplicable, pass, quote } from '../check.js'
import { defineCheck } from '../define-check.js'
import { field } from './json-object.js'

/**
 * spec §2.2: `isMine` says whether the worker is the caller's own, so it depends on the worker and
 * the caller alone. A contract run is one caller (one set of headers), and none of the three
 * operations gives a worker to someone else: whatever the first answer said (true or false: who
 * the caller is, the spec does not say), every later answer about that worker says it too. The
 * state model holds it as the create answered it. Not judged from traffic, which has many callers.
 */
export const isMineUnchanged = defineCheck({
  id: 'is-mine-unchanged',
  title: 'For one caller, a worker’s isMine is what its create answered, after every later call',
  spec: '§2.2, §4.1–§4.3',
  severity: 'error',
  profile: 'default',
  operations: ['updateWorker'],
  appliesTo: { expect: ['accept', 'either'], response: 'success', earlier: true },
  run: ({ response, earlier }) => {
    const was = field(earlier.renamedWorker, 'isMine')
    const is = field(field(response.json, 'worker'), 'isMine')
    if (typeof was !== 'boolean' || typeof is !== 'boolean') return notApplicable()
    return is === was
      ? pass()
      : fail(
          `worker.isMine is ${quote(is)} after a rename; its create answered ${quote(was)} to the same caller, and no call since gives a worker away`,
          '/worker/isMine',
        )
  },
})
