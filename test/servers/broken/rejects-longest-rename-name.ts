import { broken, getAt } from '../wrap-mock.js'

const MAX = 255 // spec §8; the server is off by one

export default broken(
  {
    breaks: 'accepts-valid-input',
    spec: '§4.3, §8',
    description: 'a rename to a name of 255 characters is rejected (400)',
  },
  {
    before: (request) => {
      const name = getAt(request.json, ['name'])
      return request.operationId === 'updateWorker' &&
        typeof name === 'string' &&
        name.length >= MAX
        ? Response.json({ message: 'name is too long' }, { status: 400 })
        : undefined
    },
  },
)
