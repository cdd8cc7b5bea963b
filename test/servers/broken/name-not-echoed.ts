import { broken, setAt } from '../wrap-mock.js'

// The server names every worker itself; a rename still applies the name sent.
export default broken(
  {
    breaks: 'create-echoes-input',
    spec: '§4.2',
    description: 'the created worker is named "worker" whatever name was sent',
  },
  { success: { createWorker: (body) => setAt(body, ['worker', 'name'], 'worker') } },
)
