import { broken, getAt, setAt } from '../wrap-mock.js'

/** The name a rename in flight is writing, while it writes. */
let inFlight: unknown
const WRITING_MS = 15

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
      updateWorker: async (body) => {
        if (inFlight !== undefined) return setAt(body, ['worker', 'name'], inFlight)
        inFlight = getAt(body, ['worker', 'name'])
        await new Promise((resolve) => setTimeout(resolve, WRITING_MS))
        inFlight = undefined
        return body
      },
    },
  },
)
