import { broken, deleteAt } from '../wrap-mock.js'

export default broken(
  {
    breaks: 'response-schema',
    spec: '§2.5',
    description: 'the create answer has no launch.pollAfterMs',
  },
  { success: { createWorker: (body) => deleteAt(body, ['launch', 'pollAfterMs']) } },
)
