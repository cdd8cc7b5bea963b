import { broken, getAt, jsonResponse } from '../wrap-mock.js'

/** How many items a list may hold (spec §4.1: at most 500 member ids, 500 team ids). */
const BOUND = 500
const isOver = (value: unknown) => Array.isArray(value) && value.length > BOUND

// Each list over its bound is the mock's 400; both at once take a bulk path that sizes one buffer
// for both and overflows it: a 500. Only a request that breaks both bounds together meets it.
export default broken(
  {
    breaks: 'no-server-error',
    catches: 'pair/two-rules',
    spec: '§4.1, §8 (memberIds and teamIds: at most 500 items each)',
    description: 'a provider update whose member ids and team ids are both over 500 gets a 500',
  },
  {
    before: (request) =>
      request.operationId === 'updateLlmProvider' &&
      isOver(getAt(request.json, ['memberIds'])) &&
      isOver(getAt(request.json, ['teamIds']))
        ? jsonResponse({ message: 'internal error' }, new Response(), 500)
        : undefined,
  },
)
