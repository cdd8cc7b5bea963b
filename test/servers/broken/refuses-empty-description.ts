import { broken, getAt, jsonResponse } from '../wrap-mock.js'

// A "not blank" rule the spec does not set: description has no minimum (§4.2).
export default broken(
  {
    breaks: 'accepts-valid-input',
    catches: 'string/empty',
    spec: '§4.2 (description: string, no minimum)',
    description: 'a create with an empty description is rejected with 400',
  },
  {
    before: (request) =>
      request.operationId === 'createWorker' && getAt(request.json, ['description']) === ''
        ? jsonResponse({ message: 'description must not be empty' }, new Response(), 400)
        : undefined,
  },
)
