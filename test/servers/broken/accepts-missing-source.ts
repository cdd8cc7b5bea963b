import { broken, getAt, isObject, setAt } from '../wrap-mock.js'

// The required source defaults to custom when it is left out.
export default broken(
  {
    breaks: 'rejects-invalid-input',
    spec: '§4.1 (source: required)',
    description: 'an LLM provider update without source succeeds (custom by default)',
  },
  {
    before: (request) =>
      request.operationId === 'updateLlmProvider' &&
      isObject(request.json) &&
      getAt(request.json, ['source']) === undefined
        ? { json: setAt(request.json, ['source'], 'custom') }
        : undefined,
  },
)
