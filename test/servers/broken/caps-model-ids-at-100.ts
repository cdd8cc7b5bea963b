import { broken, getAt, jsonResponse } from '../wrap-mock.js'

const CAP = 100 // a maximum the spec does not set (§4.1: modelIds, at least 1 element)

export default broken(
  {
    breaks: 'accepts-valid-input',
    catches: 'array/many',
    spec: '§4.1, §8 (modelIds: at least 1 element, no maximum)',
    description: 'an update with more than 100 modelIds is rejected with 400',
  },
  {
    before: (request) => {
      const modelIds = getAt(request.json, ['modelIds'])
      return request.operationId === 'updateLlmProvider' &&
        Array.isArray(modelIds) &&
        modelIds.length > CAP
        ? jsonResponse({ message: 'modelIds: at most 100' }, new Response(), 400)
        : undefined
    },
  },
)
