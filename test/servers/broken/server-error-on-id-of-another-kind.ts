import { broken } from '../wrap-mock.js'

/** The prefixes of the API's other kinds of id (spec §2.1). */
const OTHER_KINDS = ['org', 'lpr', 'om', 'tem']

// A generic TypeID router: it parses any TypeID, then looks the worker up in the table of the id's
// own kind, which has no workers: the lookup throws, unhandled.
export default broken(
  {
    breaks: 'no-server-error',
    catches: 'pattern/other-kind',
    spec: '§4.3 (path id: pattern ^wrk_.*)',
    description: 'a rename under a team id (tem_…) answers 500',
  },
  {
    before: (request) => {
      const kind = request.params['id']?.split('_')[0]
      return request.operationId === 'updateWorker' &&
        kind !== undefined &&
        OTHER_KINDS.includes(kind)
        ? new Response('Internal Server Error: no table for this kind', { status: 500 })
        : undefined
    },
  },
)
