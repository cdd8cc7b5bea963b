import { broken } from '../wrap-mock.js'

// A proxy that serves collections under a trailing slash: the path of spec §4.2 only redirects.
export default broken(
  {
    breaks: 'accepts-valid-input',
    spec: '§4.2 (POST {base_url}/v1/workers)',
    description: 'a create answers 307 to /v1/workers/ instead of creating the worker',
  },
  {
    before: (request) =>
      request.operationId === 'createWorker'
        ? new Response(null, { status: 307, headers: { location: `${request.path}/` } })
        : undefined,
  },
)
