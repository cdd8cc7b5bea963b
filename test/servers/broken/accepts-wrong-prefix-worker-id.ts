import { broken, getAt } from '../wrap-mock.js'

let latest: string | undefined

// An id that does not parse falls back to the caller's latest worker instead of being refused.
export default broken(
  {
    breaks: 'rejects-invalid-input',
    spec: '§4.3 (path id: ^wrk_.*)',
    description: 'a rename under an id without the wrk_ prefix renames the latest worker',
  },
  {
    before: (request) =>
      request.operationId === 'updateWorker' &&
      !request.params['id']?.startsWith('wrk_') &&
      latest !== undefined
        ? { path: `/v1/workers/${latest}` }
        : undefined,
    success: {
      createWorker: (body) => {
        const id = getAt(body, ['worker', 'id'])
        if (typeof id === 'string') latest = id
        return body
      },
    },
  },
)
