import { broken, getAt, setAt } from '../wrap-mock.js'

/** `\/` as a hand-written decoder leaves it: the backslash kept. */
const SLASH_ESCAPE = /\\\//

// Decodes strings by hand and forgets the solidus escape: "a\/b" is stored as "a\/b", not "a/b".
export default broken(
  {
    breaks: 'create-echoes-input',
    catches: 'string/escape-spellings',
    spec: '§1 (bodies are JSON: `\\/` is `/`), §4.2',
    description: 'a name written with \\/ comes back with the backslash',
  },
  {
    before: (request) => {
      const name = getAt(request.json, ['name'])
      return request.operationId === 'createWorker' &&
        typeof name === 'string' &&
        SLASH_ESCAPE.test(request.text)
        ? { json: setAt(request.json, ['name'], name.replaceAll('/', '\\/')) }
        : undefined
    },
  },
)
