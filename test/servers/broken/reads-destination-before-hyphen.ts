import { broken, getAt, setAt } from '../wrap-mock.js'

// Reads "local-gpu" as a flavour of "local": the part before the first hyphen is compared, the
// rest ignored.
export default broken(
  {
    breaks: 'rejects-invalid-input',
    catches: 'enum/outside',
    spec: '§4.2 (destination: local or cloud)',
    description: 'a create with destination "local-anything" succeeds as "local"',
  },
  {
    before: (request) => {
      const destination = getAt(request.json, ['destination'])
      return request.operationId === 'createWorker' &&
        typeof destination === 'string' &&
        destination.includes('-')
        ? { json: setAt(request.json, ['destination'], destination.split('-')[0]) }
        : undefined
    },
  },
)
