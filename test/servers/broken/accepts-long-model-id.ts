import { broken, getAt, setAt } from '../wrap-mock.js'

const MAX = 255 // its column width: the bound of spec §8 kept by cutting, not refusing

// A VARCHAR(255) column in a lenient SQL mode: longer model ids are cut, not refused.
export default broken(
  {
    breaks: 'rejects-invalid-input',
    spec: '§4.1, §8 (modelIds: each element length 1 to 255)',
    description: 'modelIds items over 255 characters are cut to 255 silently instead of rejected',
  },
  {
    before: (request) => {
      const modelIds = getAt(request.json, ['modelIds'])
      return request.operationId === 'updateLlmProvider' && Array.isArray(modelIds)
        ? {
            json: setAt(
              request.json,
              ['modelIds'],
              modelIds.map((id) => (typeof id === 'string' ? id.slice(0, MAX) : id)),
            ),
          }
        : undefined
    },
  },
)
