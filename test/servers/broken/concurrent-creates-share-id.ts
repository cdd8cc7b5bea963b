import { broken, getAt, racySlot, setAt } from '../wrap-mock.js'

/** The id a create in flight holds while it writes its worker (15 ms). */
const slot = racySlot(15)

// A race: the next id is read before the worker is written and taken after, so a create that
// arrives while another is being written is answered the other's id. One after the other, every
// create gets its own.
export default broken(
  {
    breaks: 'create-returns-new-id',
    catches: 'sequence',
    spec: '§4.2',
    description: 'two creates in flight at once are answered the same worker id',
  },
  {
    success: {
      createWorker: async (body) =>
        setAt(body, ['worker', 'id'], await slot(getAt(body, ['worker', 'id']))),
    },
  },
)
