import { broken, getAt, setAt } from '../wrap-mock.js'

const MAX = 255 // spec §8: each modelIds element; this server checks the first element only

// Validates modelIds[0] and cuts the ids after it to the column width.
export default broken(
  {
    breaks: 'rejects-invalid-input',
    spec: '§4.1, §8 (modelIds: each element length 1 to 255)',
    description: 'modelIds items after the first over 255 characters are cut silently',
  },
  {
    before: (request) => {
      const modelIds = getAt(request.json, ['modelIds'])
      if (request.operationId !== 'updateLlmProvider' || !Array.isArray(modelIds)) return undefined
      if (modelIds.length < 2) return undefined
      const [first, ...rest] = modelIds
      return {
        json: setAt(
          request.json,
          ['modelIds'],
          [first, ...rest.map((id) => (typeof id === 'string' ? id.slice(0, MAX) : id))],
        ),
      }
    },
  },
)
