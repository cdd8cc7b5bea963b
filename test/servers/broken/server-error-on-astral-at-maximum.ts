import { broken, getAt } from '../wrap-mock.js'

const MAX = 255 // spec §4.3: rename name, here checked in code points

// Validates the rename in code points, then stores it in a column of 255 UTF-16 units, which
// overflows unhandled. Refusing the name with a 4xx would be fair (the spec does not say which
// unit it counts in); a 500 is not.
export default broken(
  {
    breaks: 'no-server-error',
    catches: 'max-length/at-astral',
    spec: '§4.3, §8 (name: length 1 to 255)',
    description: 'a rename of 255 code points but over 255 UTF-16 units answers 500',
  },
  {
    before: (request) => {
      const name = getAt(request.json, ['name'])
      return request.operationId === 'updateWorker' &&
        typeof name === 'string' &&
        [...name].length <= MAX &&
        name.length > MAX
        ? new Response('Internal Server Error: string data, right truncation', { status: 500 })
        : undefined
    },
  },
)
