import { broken, getAt, isObject } from '../wrap-mock.js'

/** The destinations the spec lists (§4.2). */
const DESTINATIONS = ['local', 'cloud']

// A form-style "repair" branch: when the name is empty and the destination is not one it knows, it
// takes the request for a draft, names it and sends it local. Either error alone is the mock's 400.
export default broken(
  {
    breaks: 'rejects-invalid-input',
    catches: 'pair/two-rules',
    spec: '§4.2, §8 (name: minimum length 1; destination: local or cloud)',
    description:
      'a create with an empty name and a destination outside the list is repaired and accepted',
  },
  {
    before: (request) => {
      const { json } = request
      if (request.operationId !== 'createWorker' || !isObject(json)) return undefined
      const destination = getAt(json, ['destination'])
      return json['name'] === '' &&
        typeof destination === 'string' &&
        !DESTINATIONS.includes(destination)
        ? { json: { ...json, name: 'draft', destination: 'local' } }
        : undefined
    },
  },
)
