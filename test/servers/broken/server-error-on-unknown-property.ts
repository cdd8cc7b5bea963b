import { bodyPropertiesOf, broken, isObject } from '../wrap-mock.js'

// Maps the body's values onto columns by name, in any letter case (its ORM's default): a value with
// no column throws, unhandled; an object or a list is a relation, looked up and left alone when
// there is none. Refusing the property with a 4xx would be fair (the spec is silent); a 500 is not.
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
      const columns = known.map((key) => key.toLowerCase())
      return Object.entries(request.json).some(
        ([key, value]) =>
          (typeof value !== 'object' || value === null) && !columns.includes(key.toLowerCase()),
      )
        ? new Response('Internal Server Error: no column for property', { status: 500 })
        : undefined
    },
  },
)
