import { broken, getAt } from '../wrap-mock.js'

const MIN = 2 // a minimum of its own; spec §8 says providerId has length 1 to 255

export default broken(
  {
    breaks: 'accepts-valid-input',
    spec: '§4.1, §8 (providerId: length 1 to 255)',
    description: 'a providerId of 1 character is rejected (400)',
  },
  {
    before: (request) => {
      const providerId = getAt(request.json, ['providerId'])
      return request.operationId === 'updateLlmProvider' &&
        typeof providerId === 'string' &&
        providerId.length > 0 &&
        providerId.length < MIN
        ? Response.json({ message: 'providerId is too short' }, { status: 400 })
        : undefined
    },
  },
)
