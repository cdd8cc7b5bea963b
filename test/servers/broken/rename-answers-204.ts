import { broken } from '../wrap-mock.js'

// The REST habit of answering a PATCH 204 No Content: the worker the spec promises is not sent.
export default broken(
  {
    breaks: 'success-is-json',
    spec: '§4.3 (response body: required key worker)',
    description: 'a rename answers 204 No Content with no body',
  },
  {
    after: (response, { request }) =>
      request.operationId === 'updateWorker' && response.status === 200
        ? new Response(null, { status: 204 })
        : response,
  },
)
