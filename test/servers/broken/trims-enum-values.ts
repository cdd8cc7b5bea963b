import { broken, getAt, setAt } from '../wrap-mock.js'

// Trims destination before it compares: "local " passes as "local".
export default broken(
  {
    breaks: 'rejects-invalid-input',
    catches: 'enum/padded',
    spec: '§4.2 (destination: local or cloud)',
    description: 'a create with destination "local " succeeds as "local"',
  },
  {
    before: (request) => {
      const destination = getAt(request.json, ['destination'])
      return request.operationId === 'createWorker' && typeof destination === 'string'
        ? { json: setAt(request.json, ['destination'], destination.trim()) }
        : undefined
    },
  },
)
