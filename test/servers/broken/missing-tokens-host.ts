import { broken, deleteAt } from '../wrap-mock.js'

export default broken(
  {
    breaks: 'response-schema',
    spec: '§2.3',
    description: 'the create answer has no tokens.host',
  },
  { success: { createWorker: (body) => deleteAt(body, ['tokens', 'host']) } },
)
