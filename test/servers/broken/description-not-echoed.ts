import { broken, setAt } from '../wrap-mock.js'

export default broken(
  {
    breaks: 'create-echoes-input',
    spec: '§4.2',
    description: 'the created worker has an empty description whatever description was sent',
  },
  { success: { createWorker: (body) => setAt(body, ['worker', 'description'], '') } },
)
