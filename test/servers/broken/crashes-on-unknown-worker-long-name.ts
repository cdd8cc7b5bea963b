import { broken, getAt, jsonResponse } from '../wrap-mock.js'

/** The longest name a rename may carry (spec §4.3). */
const MAX_NAME = 255
/** The workers it made, by id in lower case (base32 reads either case). */
const made = new Set<string>()

// Its not-found path formats the requested name into a message buffer sized for a valid one: a
// rename of a worker that does not exist, with a name over the maximum, answers 500. A long name on
// a real worker, or a valid name on an unknown one, get the mock's 4xx.
export default broken(
  {
    breaks: 'no-server-error',
    catches: 'pair/two-rules',
    spec: '§4.3, §8 (name: length 1 to 255)',
    description: 'a rename of an unknown worker with a name over 255 characters gets a 500',
  },
  {
    before: (request) => {
      const name = getAt(request.json, ['name'])
      const id = request.params['id'] ?? ''
      return request.operationId === 'updateWorker' &&
        typeof name === 'string' &&
        [...name].length > MAX_NAME &&
        /^wrk_[0-9a-z]{26}$/i.test(id) &&
        !made.has(id.toLowerCase())
        ? jsonResponse({ message: 'internal error' }, new Response(), 500)
        : undefined
    },
    success: {
      createWorker: (body) => {
        made.add(String(getAt(body, ['worker', 'id'])).toLowerCase())
        return body
      },
    },
  },
)
