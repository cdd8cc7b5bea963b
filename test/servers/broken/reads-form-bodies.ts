import { broken } from '../wrap-mock.js'

/** The body of a form, read as Express's `urlencoded()` reads it: each name once, its last value. */
const formOf = (text: string) => Object.fromEntries(new URLSearchParams(text))

// Express with `app.use(express.urlencoded())` beside `express.json()`: a form body is read into
// the same object a JSON one is, and the request goes on as if it had been JSON.
export default broken(
  {
    breaks: 'rejects-invalid-input',
    catches: 'body/form',
    spec: '§1 (request bodies are JSON, content type application/json)',
    description: 'an application/x-www-form-urlencoded body is read as the JSON one and accepted',
  },
  {
    before: (request) =>
      /^application\/x-www-form-urlencoded\b/i.test(request.contentType ?? '')
        ? { json: formOf(request.text), contentType: 'application/json' }
        : undefined,
  },
)
