import { broken, deleteAt } from '../wrap-mock.js'

export default broken(
  {
    breaks: 'response-schema',
    spec: '§2.2',
    description: 'the created worker has no isMine field',
  },
  { success: { createWorker: (body) => deleteAt(body, ['worker', 'isMine']) } },
)
