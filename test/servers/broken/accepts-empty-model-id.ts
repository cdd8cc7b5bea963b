import { broken, deleteAt, getAt, setAt } from '../wrap-mock.js'

// `modelIds.filter(Boolean)`: empty items are dropped, and a list left empty means "no change".
export default broken(
  {
    breaks: 'rejects-invalid-input',
    spec: '§4.1, §8 (modelIds: each element length 1 to 255)',
    description: 'empty modelIds items are dropped silently instead of rejected',
  },
  {
    before: (request) => {
      const modelIds = getAt(request.json, ['modelIds'])
      if (request.operationId !== 'updateLlmProvider' || !Array.isArray(modelIds)) return undefined
      if (!modelIds.includes('')) return undefined
      const kept = modelIds.filter((id) => id !== '')
      return {
        json:
          kept.length === 0
            ? deleteAt(request.json, ['modelIds'])
            : setAt(request.json, ['modelIds'], kept),
      }
    },
  },
)
