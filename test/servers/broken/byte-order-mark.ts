import { broken } from '../wrap-mock.js'

/** What a .NET or PowerShell writer emits with Encoding.UTF8: EF BB BF before the text. */
const BYTE_ORDER_MARK = [0xef, 0xbb, 0xbf]

export default broken(
  {
    breaks: 'success-is-json',
    spec: '§intro (bodies are JSON); RFC 8259 §8.1 (no byte order mark)',
    description: 'the provider update answers its JSON behind a UTF-8 byte order mark',
  },
  {
    after: async (response, { request }) => {
      if (request.operationId !== 'updateLlmProvider' || response.status !== 200) return response
      const bytes = new Uint8Array(await response.arrayBuffer())
      const headers = new Headers(response.headers)
      headers.delete('content-length')
      return new Response(new Uint8Array([...BYTE_ORDER_MARK, ...bytes]), {
        status: response.status,
        headers,
      })
    },
  },
)
