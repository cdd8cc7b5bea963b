import { ID_PREFIX } from '../../../src/schemas/ids.js'
import { broken, updateAt } from '../wrap-mock.js'

const PREFIX = `${ID_PREFIX.worker}_`
/** The mock's ids start their suffix with 0 (a UUIDv7 of today); this server's with 8: 130 bits. */
const overflowed = (id: unknown) => String(id).replace(`${PREFIX}0`, `${PREFIX}8`)

export default broken(
  {
    breaks: 'response-schema',
    spec: '§2.1 (TypeID: a suffix of at most 7zzz…, 128 bits)',
    description:
      'worker.id suffixes start with 8, past the largest TypeID (it still names the worker)',
  },
  {
    // The server knows its own ids: a rename of wrk_8… reaches the worker.
    before: (request) => {
      const id = request.params['id']
      return request.operationId === 'updateWorker' && id?.startsWith(`${PREFIX}8`)
        ? { path: request.path.replace(id, id.replace(`${PREFIX}8`, `${PREFIX}0`)) }
        : undefined
    },
    success: {
      createWorker: (body) => updateAt(body, ['worker', 'id'], overflowed),
      updateWorker: (body) => updateAt(body, ['worker', 'id'], overflowed),
    },
  },
)
