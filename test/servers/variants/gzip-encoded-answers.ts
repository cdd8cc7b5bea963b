import { variant } from '../wrap-mock.js'

// RFC 9110 §8.4: a gateway may compress answers (Content-Encoding: gzip); a client decodes them
// before the body is JSON. Judged over a real port, where fetch decodes as any client does.
export default {
  ...variant('every answer with a body is gzip-encoded (Content-Encoding: gzip)', {
    after: (response) => {
      if (response.body === null) return response
      const headers = new Headers(response.headers)
      headers.delete('content-length')
      headers.set('content-encoding', 'gzip')
      return new Response(response.body.pipeThrough(new CompressionStream('gzip')), {
        status: response.status,
        headers,
      })
    },
  }),
  isOverHttp: true,
}
