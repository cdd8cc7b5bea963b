import { broken } from '../wrap-mock.js'

/** A template that writes a default name before the stored one: JSON.parse keeps the last. */
const WITH_DEFAULT_NAME = '{"worker":{"name":"untitled",'

export default broken(
  {
    breaks: 'unique-json-names',
    spec: '§intro (bodies are JSON); RFC 8259 §4 (names SHOULD be unique)',
    description: 'worker objects name "name" twice: "untitled" first, the real name last',
  },
  {
    after: async (response, { request }) => {
      const isWorker =
        request.operationId === 'createWorker' || request.operationId === 'updateWorker'
      if (!isWorker || response.status >= 300) return response
      const text = await response.text()
      const headers = new Headers(response.headers)
      headers.delete('content-length')
      return new Response(text.replace('{"worker":{', WITH_DEFAULT_NAME), {
        status: response.status,
        headers,
      })
    },
  },
)
