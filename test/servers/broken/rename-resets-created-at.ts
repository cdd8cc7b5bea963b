import { broken, setAt } from '../wrap-mock.js'

export default broken(
  {
    breaks: 'rename-keeps-worker',
    spec: '§4.3',
    description: 'a rename answers the worker with createdAt set to the time of the rename',
  },
  {
    success: {
      updateWorker: (body) =>
        setAt(body, ['worker', 'createdAt'], new Date(Date.UTC(2030, 0, 1)).toISOString()),
    },
  },
)
