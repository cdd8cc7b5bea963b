import { broken, setAt } from '../wrap-mock.js'

export default broken(
  {
    breaks: 'rename-keeps-worker',
    spec: '§4.3',
    description: 'a rename answers the worker with its destination flipped',
  },
  {
    success: {
      updateWorker: (body) => {
        const { destination } = (body as { worker: { destination: string } }).worker // the mock's
        return setAt(body, ['worker', 'destination'], destination === 'local' ? 'cloud' : 'local')
      },
    },
  },
)
