import { broken, getAt, jsonResponse } from '../wrap-mock.js'

// Trims before it counts: a name of spaces only has one character or more (spec §8), not zero.
export default broken(
  {
    breaks: 'accepts-valid-input',
    catches: 'min-length/whitespace',
    spec: '§4.2, §4.3, §8 (name: minimum length 1, in characters)',
    description: 'a worker name of spaces only is rejected with 400',
  },
  {
    before: (request) => {
      const name = getAt(request.json, ['name'])
      return (request.operationId === 'createWorker' || request.operationId === 'updateWorker') &&
        typeof name === 'string' &&
        name.length > 0 &&
        name.trim() === ''
        ? jsonResponse({ message: 'name must not be blank' }, new Response(), 400)
        : undefined
    },
  },
)
