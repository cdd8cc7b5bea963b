import { broken, getAt, jsonResponse } from '../wrap-mock.js'

// A minimum the spec does not set (§4.1: memberIds has at most 500 elements, no minimum): an
// empty list, "no member restriction", is refused.
export default broken(
  {
    breaks: 'accepts-valid-input',
    catches: 'array/empty',
    spec: '§4.1, §8 (memberIds: at most 500 elements)',
    description: 'an update with memberIds: [] is rejected with 400',
  },
  {
    before: (request) => {
      const memberIds = getAt(request.json, ['memberIds'])
      return request.operationId === 'updateLlmProvider' &&
        Array.isArray(memberIds) &&
        memberIds.length === 0
        ? jsonResponse({ message: 'memberIds must not be empty' }, new Response(), 400)
        : undefined
    },
  },
)
