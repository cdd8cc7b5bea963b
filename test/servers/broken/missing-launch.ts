import { broken, deleteAt } from '../wrap-mock.js'

export default broken(
  {
    breaks: 'response-schema',
    spec: '§4.2',
    description: 'the create answer has no launch key, one of its four required keys',
  },
  { success: { createWorker: (body) => deleteAt(body, ['launch']) } },
)
