import { broken, deleteAt } from '../wrap-mock.js'

export default broken(
  {
    breaks: 'response-schema',
    spec: '§2.4',
    description: 'the create answer has no instance.region',
  },
  { success: { createWorker: (body) => deleteAt(body, ['instance', 'region']) } },
)
