import { broken } from '../wrap-mock.js'

// With no worker id to rename, the suite skips the update-worker checks.
export default broken(
  {
    breaks: 'success-is-json',
    spec: '§4.2',
    description: 'a create answers 201 application/json with the first half of its JSON text',
  },
  {
    after: async (response, { request }) => {
      if (request.operationId !== 'createWorker' || response.status !== 201) return response
      const text = await response.text()
      return new Response(text.slice(0, Math.floor(text.length / 2)), {
        status: response.status,
        headers: { 'content-type': 'application/json' },
      })
    },
  },
)
