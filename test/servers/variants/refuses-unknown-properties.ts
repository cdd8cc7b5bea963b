import { bodyPropertiesOf, isObject, jsonResponse, variant } from '../wrap-mock.js'

// spec §4: whether other properties are ignored or refused is not stated; a strict schema
// (additionalProperties: false) refuses them with a 4xx.
export default variant('a body property the spec does not name is refused with 400', {
  before: (request) => {
    if (request.operationId === undefined || !isObject(request.json)) return undefined
    const known = bodyPropertiesOf(request.operationId)
    const unknown = Object.keys(request.json).filter((key) => !known.includes(key))
    return unknown.length > 0
      ? jsonResponse({ message: `unknown property: ${unknown.join(', ')}` }, new Response(), 400)
      : undefined
  },
})
