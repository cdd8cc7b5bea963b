import { broken, getAt, setAt } from '../wrap-mock.js'

/** The id a create in flight holds, while it is writing its worker. */
let inFlight: unknown
const WRITING_MS = 15

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
      createWorker: async (body) => {
        if (inFlight !== undefined) return setAt(body, ['worker', 'id'], inFlight)
        inFlight = getAt(body, ['worker', 'id'])
        await new Promise((resolve) => setTimeout(resolve, WRITING_MS))
        inFlight = undefined
        return body
      },
    },
  },
)
