import { bodyPropertiesOf, broken, isObject } from '../wrap-mock.js'

// Maps the body onto columns by name: a property with no column throws, unhandled. Refusing it
// with a 4xx would be fair (the spec is silent); a 500 is not.
export default broken(
  {
    breaks: 'no-server-error',
    catches: 'properties/unknown',
    spec: '§4 (other properties: not stated)',
    description: 'a body with a property the spec does not name answers 500',
  },
  {
    before: (request) => {
      if (request.operationId === undefined || !isObject(request.json)) return undefined
      const known = bodyPropertiesOf(request.operationId)
      return Object.keys(request.json).some((key) => !known.includes(key))
        ? new Response('Internal Server Error: no column for property', { status: 500 })
        : undefined
    },
  },
)
