import { broken, getAt, racySlot, setAt } from '../wrap-mock.js'

/** The name a rename in flight holds while it writes it (15 ms). */
const slot = racySlot(15)

// One "pending name" buffer for the whole server: a rename that arrives while another is being
// written takes the other's name. One after the other, every rename gets its own.
export default broken(
  {
    breaks: 'update-applies-name',
    catches: 'sequence',
    spec: '§4.3',
    description: 'two renames in flight at once both answer (and store) the first one’s name',
  },
  {
    success: {
      updateWorker: async (body) =>
        setAt(body, ['worker', 'name'], await slot(getAt(body, ['worker', 'name']))),
    },
  },
)
