import { broken } from '../wrap-mock.js'

export default broken(
  {
    breaks: 'rejects-invalid-input',
    catches: 'body/malformed',
    spec: '§4.2 (the body is JSON)',
    description: 'a create whose body is not JSON creates a default local worker',
  },
  {
    before: (request) =>
      request.operationId === 'createWorker' && request.json === undefined
        ? { json: { name: 'Untitled worker', destination: 'local' } }
        : undefined,
  },
)
