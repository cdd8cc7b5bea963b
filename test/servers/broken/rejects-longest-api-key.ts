import { broken, getAt } from '../wrap-mock.js'

const MAX = 65_535 // spec §8; the server is off by one

export default broken(
  {
    breaks: 'accepts-valid-input',
    spec: '§4.1, §8',
    description: 'an apiKey of 65535 characters is rejected (400)',
  },
  {
    before: (request) => {
      const apiKey = getAt(request.json, ['apiKey'])
      return request.operationId === 'updateLlmProvider' &&
        typeof apiKey === 'string' &&
        apiKey.length >= MAX
        ? Response.json({ message: 'apiKey is too long' }, { status: 400 })
        : undefined
    },
  },
)
