import { instantOf } from '../../schemas/date-time.js'
import { fail, notApplicable, pass, quote } from '../check.js'
import { defineCheck } from '../define-check.js'
import { field } from './json-object.js'

/**
 * spec §2.2, §4.3: a rename is an update, so the `updatedAt` it answers is not before the one the
 * worker had (a server may leave it unchanged: the spec does not say a rename sets it). A warning,
 * not a failure: the two times come from two calls, possibly from two hosts whose clocks differ by
 * milliseconds, and a contract run renames within milliseconds of the create. `--strict` fails it.
 */
export const renameUpdatedAtNotEarlier = defineCheck({
  id: 'rename-updated-at-not-earlier',
  title:
    'A rename does not move updatedAt back before the worker’s last update (a warning: two calls, maybe two clocks)',
  spec: '§2.2, §4.3',
  severity: 'warning',
  profile: 'default',
  operations: ['updateWorker'],
  appliesTo: { expect: ['accept', 'either'], response: 'json-success', earlier: true },
  run: ({ response, earlier }) => {
    const before = field(earlier.renamedWorker, 'updatedAt')
    const after = field(field(response.json, 'worker'), 'updatedAt')
    if (typeof before !== 'string' || typeof after !== 'string') return notApplicable()
    const was = instantOf(before)
    const is = instantOf(after)
    if (was === undefined || is === undefined) return notApplicable()
    return is < was
      ? fail(
          `worker.updatedAt is ${quote(after)} after a rename; the worker was last updated at ${quote(before)}`,
          '/worker/updatedAt',
        )
      : pass()
  },
})
