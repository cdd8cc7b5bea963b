import { broken, isObject } from '../wrap-mock.js'

// A "quick create" shortcut: an empty object is read as "all defaults" instead of as a body that
// lacks both required properties. A body that lacks only one of them is still refused.
export default broken(
  {
    breaks: 'rejects-invalid-input',
    catches: 'required/empty-object',
    spec: '§4.2 (name and destination: required)',
    description: 'a create with the body {} makes a local worker named "Untitled worker"',
  },
  {
    before: (request) =>
      request.operationId === 'createWorker' &&
      isObject(request.json) &&
      Object.keys(request.json).length === 0
        ? { json: { name: 'Untitled worker', destination: 'local' } }
        : undefined,
  },
)
