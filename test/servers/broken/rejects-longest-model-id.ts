import { broken, getAt } from '../wrap-mock.js'

const MAX = 255 // spec §8; the server is off by one

export default broken(
  {
    breaks: 'accepts-valid-input',
    spec: '§4.1, §8 (modelIds: each element length 1 to 255)',
    description: 'a modelIds item of 255 characters is rejected (400)',
  },
  {
    before: (request) => {
      const modelIds = getAt(request.json, ['modelIds'])
      return request.operationId === 'updateLlmProvider' &&
        Array.isArray(modelIds) &&
        modelIds.some((id) => typeof id === 'string' && id.length >= MAX)
        ? Response.json({ message: 'model id is too long' }, { status: 400 })
        : undefined
    },
  },
)
