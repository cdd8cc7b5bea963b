import { broken, getAt, jsonResponse } from '../wrap-mock.js'

// A uniqueness the spec does not ask for (§4.1): a list naming a member twice is refused. (Storing
// it once would be fair: see test/servers/variants/stores-repeated-ids-once.ts.)
export default broken(
  {
    breaks: 'accepts-valid-input',
    catches: 'items/repeated',
    spec: '§4.1, §8 (memberIds: no uniqueness)',
    description: 'an update whose memberIds name the same member twice is rejected with 400',
  },
  {
    before: (request) => {
      const memberIds = getAt(request.json, ['memberIds'])
      return request.operationId === 'updateLlmProvider' &&
        Array.isArray(memberIds) &&
        new Set(memberIds).size < memberIds.length
        ? jsonResponse({ message: 'memberIds must be unique' }, new Response(), 400)
        : undefined
    },
  },
)
