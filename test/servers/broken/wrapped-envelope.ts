import { broken } from '../wrap-mock.js'

// With no worker id at /worker/id, the suite skips the update-worker checks.
export default broken(
  {
    breaks: 'response-schema',
    spec: '§4.1, §4.2, §4.3',
    description: 'every success is wrapped as { data: … } instead of the keys the spec names',
  },
  {
    success: {
      createWorker: (body) => ({ data: body }),
      updateWorker: (body) => ({ data: body }),
      updateLlmProvider: (body) => ({ data: body }),
    },
  },
)
