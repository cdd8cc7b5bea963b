import { fail, notApplicable, pass, quote } from '../check.js'
import { defineCheck } from '../define-check.js'
import { field } from './json-object.js'

/** What a create takes from its caller, not from its body (spec §4.2 names no user and no org). */
const OWNER = ['createdByUserId', 'orgId'] as const

/**
 * spec §1, §2.2, §4.2: a worker is created by a user and belongs to an organization, and the create
 * request names neither: both come from the caller. A contract run calls with one set of headers,
 * so its creates have one caller, and each answers the user and organization its first create did.
 * A warning, not a failure: how a server knows its caller is not shown (§5), and a server without
 * authentication may count each anonymous request as a user of its own. `--strict` fails it.
 */
export const createsShareOwner = defineCheck({
  id: 'creates-share-owner',
  title:
    'The creates of one run answer one creator and one organization (a warning: how a caller is known is not shown)',
  spec: '§1, §2.2, §4.2, §5',
  severity: 'warning',
  profile: 'default',
  operations: ['createWorker'],
  appliesTo: { expect: ['accept', 'either'], response: 'json-success', earlier: true },
  run: ({ response, earlier }) => {
    const first = earlier.firstCreatedWorker
    const worker = field(response.json, 'worker')
    if (first === undefined || worker === undefined) return notApplicable()
    for (const name of OWNER) {
      const was = field(first, name)
      const is = field(worker, name)
      if (typeof was === 'string' && typeof is === 'string' && is !== was)
        return fail(
          `worker.${name} is ${quote(is)}; the run's first create, by the same caller, answered ${quote(was)}`,
          `/worker/${name}`,
        )
    }
    return pass()
  },
})
