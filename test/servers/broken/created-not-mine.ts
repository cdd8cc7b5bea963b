import { broken, updateAt } from '../wrap-mock.js'

export default broken(
  {
    breaks: 'created-is-mine',
    spec: '§1, §2.2',
    description: 'a create answers isMine false for the worker the caller just created',
  },
  { success: { createWorker: (body) => updateAt(body, ['worker', 'isMine'], () => false) } },
)
