import { broken, jsonResponse } from '../wrap-mock.js'

// Compares the Content-Type as a whole string: `application/json; charset=utf-8` is refused.
export default broken(
  {
    breaks: 'accepts-valid-input',
    catches: 'body/spelling',
    spec: '§1 (bodies are JSON, content type application/json; RFC 9110 §8.3.1: parameters, any case)',
    description: 'a JSON body sent with a charset parameter or in capitals gets 415',
  },
  {
    before: (request) =>
      request.operationId !== undefined && request.contentType !== 'application/json'
        ? jsonResponse({ message: 'unsupported media type' }, new Response(), 415)
        : undefined,
  },
)
