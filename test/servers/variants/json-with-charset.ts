import { variant } from '../wrap-mock.js'

// The preamble names application/json; a charset parameter keeps it.
export default variant('success bodies are application/json; charset=utf-8', {
  after: (response) => {
    if (response.status < 200 || response.status >= 300) return response
    const headers = new Headers(response.headers)
    headers.set('content-type', 'application/json; charset=utf-8')
    return new Response(response.body, { status: response.status, headers })
  },
})
