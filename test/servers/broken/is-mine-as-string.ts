import { broken, updateAt } from '../wrap-mock.js'

export default broken(
  {
    breaks: 'response-schema',
    spec: '§2.2',
    description: 'worker.isMine is the string "true" or "false", not a boolean',
  },
  { success: { createWorker: (body) => updateAt(body, ['worker', 'isMine'], String) } },
)
