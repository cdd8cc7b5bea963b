import { broken, jsonResponse } from '../wrap-mock.js'

const DESTINATION = /"destination"\s*:\s*"(local|cloud)"/

// Routes a create by a regex over the raw body before parsing it: "local" written as \u escapes
// is the same JSON string, but the regex does not see it.
export default broken(
  {
    breaks: 'accepts-valid-input',
    catches: 'enum/unicode-escapes',
    spec: '§1 (bodies are JSON), §4.2 (destination: local or cloud)',
    description: 'a create whose destination is written as \\u escapes is rejected with 400',
  },
  {
    before: (request) =>
      request.operationId === 'createWorker' && !DESTINATION.test(request.text)
        ? jsonResponse({ message: 'destination must be local or cloud' }, new Response(), 400)
        : undefined,
  },
)
