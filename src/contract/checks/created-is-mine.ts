import { fail, notApplicable, pass, quote } from '../check.js'
import { defineCheck } from '../define-check.js'
import { field } from './json-object.js'

/**
 * spec §2.2: `isMine` says "whether the worker is the caller's own", and a worker is "created by a
 * user" (§1). That the caller of a create is the user it names, and so its owner, is an inference:
 * the spec does not say who "the caller" is (an API key of a service account may create workers
 * that are not "its own"). A warning, then; `--strict` fails it.
 */
/** The answer's `worker.isMine`, judged true: the caller's own worker, by what the caller did. */
const isMineVerdict = (json: unknown, what: string) => {
  const isMine = field(field(json, 'worker'), 'isMine')
  // Not a boolean, or missing: `response-schema` judges that.
  if (typeof isMine !== 'boolean') return notApplicable()
  return isMine
    ? pass()
    : fail(`worker.isMine is ${quote(isMine)} on the worker the caller ${what}`, '/worker/isMine')
}

export const createdIsMine = defineCheck({
  id: 'created-is-mine',
  title:
    'A created worker is the caller’s own (isMine is true on the create answer; a warning: who the caller is, the spec does not say)',
  spec: '§1, §2.2',
  severity: 'warning',
  profile: 'default',
  operations: ['createWorker'],
  appliesTo: { expect: ['accept', 'either'], response: 'json-success' },
  run: ({ response }) => isMineVerdict(response.json, 'just created'),
})
