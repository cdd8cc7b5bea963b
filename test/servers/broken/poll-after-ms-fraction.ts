import { broken, updateAt } from '../wrap-mock.js'

export default broken(
  {
    breaks: 'response-schema',
    spec: '§2.5',
    description: 'launch.pollAfterMs is 1.5: a number, but not an integer',
  },
  { success: { createWorker: (body) => updateAt(body, ['launch', 'pollAfterMs'], () => 1.5) } },
)
