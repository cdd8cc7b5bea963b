import { broken, getAt, setAt } from '../wrap-mock.js'

// Stores members as a set, and checks the bound on the set: 501 ids with one repeated pass.
export default broken(
  {
    breaks: 'rejects-invalid-input',
    catches: 'max-items/above',
    spec: '§4.1, §8 (memberIds: at most 500 elements)',
    description: 'memberIds are counted after repeats are removed',
  },
  {
    before: (request) => {
      const memberIds = getAt(request.json, ['memberIds'])
      return request.operationId === 'updateLlmProvider' && Array.isArray(memberIds)
        ? { json: setAt(request.json, ['memberIds'], [...new Set(memberIds)]) }
        : undefined
    },
  },
)
