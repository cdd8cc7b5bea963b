import { broken, setAt } from '../wrap-mock.js'

/** The first worker's id, answered again by every later create. */
let firstId: unknown

export default broken(
  {
    breaks: 'create-returns-new-id',
    spec: '§4.2',
    description: 'every create answers the id of the first worker it created',
  },
  {
    success: {
      createWorker: (body) => {
        firstId ??= (body as { worker: { id: string } }).worker.id // the mock's own answer
        return setAt(body, ['worker', 'id'], firstId)
      },
    },
  },
)
