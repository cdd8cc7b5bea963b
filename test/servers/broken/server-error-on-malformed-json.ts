import { broken } from '../wrap-mock.js'

// Also fails rejects-invalid-input: a 500 is not the 4xx that invalid input calls for.
export default broken(
  {
    breaks: 'no-server-error',
    catches: 'body/malformed',
    spec: '§4, §7',
    description: 'a body that is not JSON answers 500 instead of a 4xx',
  },
  {
    // Its JSON parser throws on what it cannot read; bodies of other media types go elsewhere.
    before: (request) =>
      request.operationId !== undefined &&
      /^application\/json\b/i.test(request.contentType ?? '') &&
      request.json === undefined
        ? new Response('Internal Server Error', { status: 500 })
        : undefined,
  },
)
