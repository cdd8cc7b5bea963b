import { broken } from '../wrap-mock.js'

// Reads body.name before it checks that the body is an object: a JSON null throws, unhandled
// (other JSON that is not an object reads as undefined and is refused).
export default broken(
  {
    breaks: 'no-server-error',
    catches: 'body/not-an-object',
    spec: '§1, §4 (the body is a JSON object)',
    description: 'a request whose body is the JSON null answers 500',
  },
  {
    before: (request) =>
      request.operationId !== undefined && request.text.trim() === 'null'
        ? new Response("TypeError: Cannot read properties of null (reading 'name')", {
            status: 500,
          })
        : undefined,
  },
)
