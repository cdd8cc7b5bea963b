import { broken, updateAt } from '../wrap-mock.js'

export default broken(
  {
    breaks: 'response-schema',
    spec: '§2.4',
    description: 'instance.updatedAt is milliseconds since the epoch, not an ISO 8601 string',
  },
  {
    success: {
      createWorker: (body) =>
        updateAt(body, ['instance', 'updatedAt'], (at) => Date.parse(String(at))),
    },
  },
)
