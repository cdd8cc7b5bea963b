import { broken, getAt, setAt } from '../wrap-mock.js'

export default broken(
  {
    breaks: 'rejects-invalid-input',
    catches: 'min-length/below',
    spec: '§4.2, §8',
    description: 'a create with an empty name succeeds (the worker gets a default name)',
  },
  {
    before: (request) =>
      request.operationId === 'createWorker' && getAt(request.json, ['name']) === ''
        ? { json: setAt(request.json, ['name'], 'Untitled worker') }
        : undefined,
  },
)
