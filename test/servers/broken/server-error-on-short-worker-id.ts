import { broken } from '../wrap-mock.js'

const LENGTH = 30 // spec §2.1: wrk_ ids

// Checks the prefix only, then decodes the suffix as a UUID: a short one throws, unhandled.
export default broken(
  {
    breaks: 'no-server-error',
    spec: '§4.3 (path id: length 30)',
    description: 'a rename under a wrk_ id of 29 characters answers 500',
  },
  {
    before: (request) => {
      const id = request.params['id']
      return request.operationId === 'updateWorker' && id?.startsWith('wrk_') && id.length < LENGTH
        ? new Response('Internal Server Error: invalid suffix length', { status: 500 })
        : undefined
    },
  },
)
