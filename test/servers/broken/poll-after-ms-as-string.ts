import { broken, updateAt } from '../wrap-mock.js'

export default broken(
  {
    breaks: 'response-schema',
    spec: '§2.5',
    description: 'launch.pollAfterMs is a numeric string such as "2000", not an integer',
  },
  { success: { createWorker: (body) => updateAt(body, ['launch', 'pollAfterMs'], String) } },
)
