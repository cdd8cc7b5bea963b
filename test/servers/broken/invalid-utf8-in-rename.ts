import { broken } from '../wrap-mock.js'

/** A Latin-1 "é" (0xE9) where UTF-8 needs two bytes: not a UTF-8 sequence. */
const LATIN1_E_ACUTE = 0xe9

export default broken(
  {
    breaks: 'success-is-json',
    spec: '§intro (bodies are JSON); RFC 8259 §8.1 (UTF-8)',
    description: 'a rename answers its status with a Latin-1 byte inside, not UTF-8',
  },
  {
    after: async (response, { request }) => {
      if (request.operationId !== 'updateWorker' || response.status !== 200) return response
      const text = await response.text()
      const at = new TextEncoder().encode(text.slice(0, text.indexOf('"status":"') + 10))
      const rest = new TextEncoder().encode(text.slice(text.indexOf('"status":"') + 10))
      const headers = new Headers(response.headers)
      headers.delete('content-length')
      return new Response(new Uint8Array([...at, LATIN1_E_ACUTE, ...rest]), {
        status: response.status,
        headers,
      })
    },
  },
)
