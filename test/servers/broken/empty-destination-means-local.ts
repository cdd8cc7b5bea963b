import { broken, getAt, setAt } from '../wrap-mock.js'

// A form habit: an empty destination is read as "the default", local, instead of refused.
export default broken(
  {
    breaks: 'rejects-invalid-input',
    catches: 'enum/empty',
    spec: '§4.2 (destination: local or cloud)',
    description: 'a create with destination "" succeeds as a local worker',
  },
  {
    before: (request) =>
      request.operationId === 'createWorker' && getAt(request.json, ['destination']) === ''
        ? { json: setAt(request.json, ['destination'], 'local') }
        : undefined,
  },
)
