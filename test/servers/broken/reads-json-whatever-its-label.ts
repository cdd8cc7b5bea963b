import { broken } from '../wrap-mock.js'

// Go's json.Decoder on r.Body, Hono's c.req.json(): the body is read as JSON whatever its
// Content-Type, so a text/plain post (the one a page of any site may send without a preflight)
// is taken as the JSON one.
export default broken(
  {
    breaks: 'rejects-invalid-input',
    catches: 'body/media-type',
    spec: '§1 (request bodies are JSON, content type application/json)',
    description: 'a JSON body labelled text/plain is read and accepted',
  },
  {
    before: (request) =>
      /^text\/plain\b/i.test(request.contentType ?? '') && request.json !== undefined
        ? { json: request.json, contentType: 'application/json' }
        : undefined,
  },
)
