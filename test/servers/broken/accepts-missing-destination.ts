import { broken, getAt, isObject, setAt } from '../wrap-mock.js'

export default broken(
  {
    breaks: 'rejects-invalid-input',
    catches: 'required/missing',
    spec: '§4.2',
    description: 'a create without the required destination succeeds (local by default)',
  },
  {
    before: (request) =>
      request.operationId === 'createWorker' &&
      isObject(request.json) &&
      getAt(request.json, ['destination']) === undefined
        ? { json: setAt(request.json, ['destination'], 'local') }
        : undefined,
  },
)
