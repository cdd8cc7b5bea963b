import { broken } from '../wrap-mock.js'

// One answer writer for every status, labelled as an error: a success says application/problem+json.
export default broken(
  {
    breaks: 'success-is-json',
    spec: '§1 (bodies are JSON, content type application/json)',
    description: 'every success is labelled application/problem+json',
  },
  {
    after: (response) => {
      if (response.status < 200 || response.status >= 300) return response
      const headers = new Headers(response.headers)
      headers.set('content-type', 'application/problem+json')
      return new Response(response.body, { status: response.status, headers })
    },
  },
)
