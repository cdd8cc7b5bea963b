import { jsonResponse, variant } from '../wrap-mock.js'

// spec §2.5: pollAfterMs is an integer; a serializer that writes every number as a double sends
// 1500.0, the same JSON number (RFC 8259 §6; JSON Schema counts 1.0 as an integer).
export default variant('launch.pollAfterMs is written 1500.0', {
  after: async (response, { request }) => {
    if (request.operationId !== 'createWorker' || response.status >= 300) return response
    const text = JSON.stringify(await response.json()).replace(
      /"pollAfterMs":-?\d+/,
      '"pollAfterMs":1500.0',
    )
    return new Response(text, {
      status: response.status,
      headers: jsonResponse(null, response).headers,
    })
  },
})
