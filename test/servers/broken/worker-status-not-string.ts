import { broken, updateAt } from '../wrap-mock.js'

export default broken(
  {
    breaks: 'response-schema',
    spec: '§2.2',
    description: 'a renamed worker has a numeric status',
  },
  { success: { updateWorker: (body) => updateAt(body, ['worker', 'status'], () => 1) } },
)
