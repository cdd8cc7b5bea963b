import { broken, deleteAt, getAt } from '../wrap-mock.js'

export default broken(
  {
    breaks: 'rejects-invalid-input',
    catches: 'min-items/below',
    spec: '§4.1, §8',
    description: 'an LLM provider update with modelIds [] succeeds (taken as "no change")',
  },
  {
    before: (request) => {
      const modelIds = getAt(request.json, ['modelIds'])
      return request.operationId === 'updateLlmProvider' &&
        Array.isArray(modelIds) &&
        modelIds.length === 0
        ? { json: deleteAt(request.json, ['modelIds']) }
        : undefined
    },
  },
)
