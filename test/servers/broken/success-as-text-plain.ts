import { broken } from '../wrap-mock.js'

export default broken(
  {
    breaks: 'success-is-json',
    spec: 'preamble (bodies are application/json)',
    description: 'every success carries its JSON text as text/plain',
  },
  {
    after: async (response) => {
      if (response.status < 200 || response.status >= 300) return response
      return new Response(await response.text(), {
        status: response.status,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      })
    },
  },
)
