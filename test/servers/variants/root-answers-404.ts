import { variant } from '../wrap-mock.js'

// spec: only the three operations are shown; nothing is promised at {base_url} itself.
export default variant('GET {base_url}/ answers 404 text/plain (nothing served at the root)', {
  before: (request) =>
    request.operationId === undefined && request.method === 'GET'
      ? new Response('404 page not found', {
          status: 404,
          headers: { 'content-type': 'text/plain' },
        })
      : undefined,
})
