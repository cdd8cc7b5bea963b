import { broken, getAt, setAt } from '../wrap-mock.js'

const MAX = 500 // the bound the server should keep (spec §8); it keeps the first 500 instead

export default broken(
  {
    breaks: 'rejects-invalid-input',
    catches: 'max-items/above',
    spec: '§4.1, §8',
    description: 'an LLM provider update with 501 memberIds succeeds (the rest are dropped)',
  },
  {
    before: (request) => {
      const memberIds = getAt(request.json, ['memberIds'])
      return request.operationId === 'updateLlmProvider' &&
        Array.isArray(memberIds) &&
        memberIds.length > MAX
        ? { json: setAt(request.json, ['memberIds'], memberIds.slice(0, MAX)) }
        : undefined
    },
  },
)
