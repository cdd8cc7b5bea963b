import { broken, getAt, setAt } from '../wrap-mock.js'

const WIDTH = 255 // a column width the spec does not set (§4.2: description has no maximum)

// A VARCHAR(255) in a lenient SQL mode: longer descriptions are stored cut, without an error.
export default broken(
  {
    breaks: 'create-echoes-input',
    catches: 'string/long',
    spec: '§4.2 (description: no maximum)',
    description: 'a description over 255 characters is cut to 255 silently',
  },
  {
    before: (request) => {
      const description = getAt(request.json, ['description'])
      return request.operationId === 'createWorker' &&
        typeof description === 'string' &&
        description.length > WIDTH
        ? { json: setAt(request.json, ['description'], description.slice(0, WIDTH)) }
        : undefined
    },
  },
)
