import { broken, updateAt } from '../wrap-mock.js'

export default broken(
  {
    breaks: 'response-schema',
    spec: '§2.2',
    description: 'worker.createdAt is "yesterday", not an ISO 8601 date-time',
  },
  {
    success: { createWorker: (body) => updateAt(body, ['worker', 'createdAt'], () => 'yesterday') },
  },
)
