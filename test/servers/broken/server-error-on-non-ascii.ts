import { broken, stringsOf } from '../wrap-mock.js'

// Also fails accepts-valid-input: the 500 answers a valid create.
export default broken(
  {
    breaks: 'no-server-error',
    spec: '§4.2',
    description: 'a create whose body holds a character outside ASCII answers 500',
  },
  {
    before: (request) =>
      request.operationId === 'createWorker' &&
      stringsOf(request.json).some((s) => /[^\x20-\x7e]/.test(s))
        ? new Response('Internal Server Error', { status: 500 })
        : undefined,
  },
)
