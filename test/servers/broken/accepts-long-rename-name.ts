import { broken, getAt, setAt } from '../wrap-mock.js'

const MAX = 255 // the bound the server should keep (spec §8); it truncates instead

export default broken(
  {
    breaks: 'rejects-invalid-input',
    spec: '§4.3, §8',
    description: 'a rename to a name of 256 characters succeeds (the name is cut to 255)',
  },
  {
    before: (request) => {
      const name = getAt(request.json, ['name'])
      return request.operationId === 'updateWorker' && typeof name === 'string' && name.length > MAX
        ? { json: setAt(request.json, ['name'], name.slice(0, MAX)) }
        : undefined
    },
  },
)
