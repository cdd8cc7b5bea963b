import { variant } from '../wrap-mock.js'

// RFC 9110 §8.3.1: media type and parameter names are case-insensitive.
export default variant('success bodies are Application/JSON;Charset=UTF-8', {
  after: (response) => {
    if (response.status < 200 || response.status >= 300) return response
    const headers = new Headers(response.headers)
    headers.set('Content-Type', 'Application/JSON;Charset=UTF-8')
    return new Response(response.body, { status: response.status, headers })
  },
})
