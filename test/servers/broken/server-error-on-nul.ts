import { broken, stringsOf } from '../wrap-mock.js'

// PostgreSQL text cannot hold NUL: the insert fails, unhandled. A 4xx would be fair (the spec is
// silent on NUL); a 500 is not.
export default broken(
  {
    breaks: 'no-server-error',
    catches: 'string/nul',
    spec: '§4.2 (strings)',
    description: 'a create whose strings hold a NUL character answers 500',
  },
  {
    before: (request) =>
      request.operationId === 'createWorker' &&
      stringsOf(request.json).some((s) => s.includes('\0'))
        ? new Response('invalid byte sequence for encoding "UTF8": 0x00', { status: 500 })
        : undefined,
  },
)
