import { broken } from '../wrap-mock.js'

/** Crockford base32, as a TypeID suffix is written (no i, l, o or u), in either case. */
const BASE32 = /^[0-9a-hjkmnp-tv-z]+$/i
const LENGTH = 30 // spec §2.1: wrk_ ids

// Checks prefix and length, then decodes the suffix as base32: a character outside the alphabet
// throws, unhandled. A 4xx would be fair (the spec calls the id a TypeID); a 500 is not.
export default broken(
  {
    breaks: 'no-server-error',
    catches: 'id/suffix-not-base32',
    spec: '§2.1, §4.3 (path id: wrk_ TypeID, length 30)',
    description: 'a rename under a wrk_ id whose suffix is not base32 answers 500',
  },
  {
    before: (request) => {
      const id = request.params['id']
      return request.operationId === 'updateWorker' &&
        id?.startsWith('wrk_') &&
        id.length === LENGTH &&
        !BASE32.test(id.slice('wrk_'.length))
        ? new Response('Internal Server Error: invalid base32 character', { status: 500 })
        : undefined
    },
  },
)
