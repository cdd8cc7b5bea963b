import { broken, stringsOf } from '../wrap-mock.js'

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

// Encodes the text to UTF-8 strictly on the way to the store: an unpaired surrogate throws,
// unhandled. A 4xx would be fair (it is no Unicode text); a 500 is not.
export default broken(
  {
    breaks: 'no-server-error',
    catches: 'string/lone-surrogate',
    spec: '§1 (bodies are JSON)',
    description: 'a create whose strings hold an unpaired surrogate answers 500',
  },
  {
    before: (request) =>
      request.operationId === 'createWorker' &&
      stringsOf(request.json).some((s) => LONE_SURROGATE.test(s))
        ? new Response('Internal Server Error: lone surrogate in string', { status: 500 })
        : undefined,
  },
)
