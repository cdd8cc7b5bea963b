import { broken, getAt, setAt } from '../wrap-mock.js'

/** The text without its control characters other than NUL (NUL is the string/nul class's). */
const withoutControl = (text: string) =>
  [...text]
    .filter((c) => {
      const code = c.charCodeAt(0)
      return code === 0 || (code >= 0x20 && code !== 0x7f)
    })
    .join('')

// A sanitizer on the way in: newlines, tabs and other control characters are removed from the
// name, so the worker does not carry the name that was sent.
export default broken(
  {
    breaks: 'create-echoes-input',
    catches: 'string/json-escapes',
    spec: '§4.2 (name: any string)',
    description: 'control characters (\\n, \\t, \\u0001) are stripped from a created name',
  },
  {
    before: (request) => {
      const name = getAt(request.json, ['name'])
      return request.operationId === 'createWorker' &&
        typeof name === 'string' &&
        withoutControl(name) !== name
        ? { json: setAt(request.json, ['name'], withoutControl(name)) }
        : undefined
    },
  },
)
