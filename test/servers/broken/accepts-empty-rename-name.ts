import { broken, getAt, setAt } from '../wrap-mock.js'

const DEFAULT_NAME = '(unnamed)'

// A rename to "" falls back to a default name instead of being refused.
export default broken(
  {
    breaks: 'rejects-invalid-input',
    catches: 'min-length/below',
    spec: '§4.3, §8 (name: length 1 to 255)',
    description: 'a rename to "" succeeds: the worker is named "(unnamed)"',
  },
  {
    before: (request) =>
      request.operationId === 'updateWorker' && getAt(request.json, ['name']) === ''
        ? { json: setAt(request.json, ['name'], DEFAULT_NAME) }
        : undefined,
  },
)
