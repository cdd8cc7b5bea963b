import { broken, getAt, setAt } from '../wrap-mock.js'

const MAX = 65535 // its column width: the bound of spec §8 kept by cutting, not refusing

// A TEXT column in a lenient SQL mode: a longer key is cut, not refused.
export default broken(
  {
    breaks: 'rejects-invalid-input',
    spec: '§4.1, §8 (apiKey: maximum length 65535)',
    description: 'an apiKey over 65535 characters is cut to 65535 silently instead of rejected',
  },
  {
    before: (request) => {
      const apiKey = getAt(request.json, ['apiKey'])
      return request.operationId === 'updateLlmProvider' &&
        typeof apiKey === 'string' &&
        apiKey.length > MAX
        ? { json: setAt(request.json, ['apiKey'], apiKey.slice(0, MAX)) }
        : undefined
    },
  },
)
