import { typeIdLength } from '../../../src/schemas/ids.js'
import { broken, updateAt } from '../wrap-mock.js'

const LENGTH = typeIdLength('wrk') // spec §2.1: 30
const toWrong = (id: unknown) => `${String(id)}0`

// A server whose worker ids carry one character too many: it hands them out and takes them back
// in the path, so a rename of a worker it created still succeeds.
export default broken(
  {
    breaks: 'response-schema',
    spec: '§2.1',
    description: 'worker ids are 31 characters long instead of 30',
  },
  {
    before: (request) => {
      const id = request.params['id']
      return request.operationId === 'updateWorker' && id?.length === LENGTH + 1
        ? { path: `/v1/workers/${id.slice(0, LENGTH)}` }
        : undefined
    },
    success: {
      createWorker: (body) => updateAt(body, ['worker', 'id'], toWrong),
      updateWorker: (body) => updateAt(body, ['worker', 'id'], toWrong),
    },
  },
)
