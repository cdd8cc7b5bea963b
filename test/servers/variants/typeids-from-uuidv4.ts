import { randomUUID } from 'node:crypto'
import { TypeID } from 'typeid-js'
import { updateAt, variant } from '../wrap-mock.js'

/** Each of the mock's ids, and the id this server answers for it (and back). */
const theirs = new Map<string, string>()
const ours = new Map<string, string>()

/** Another TypeID implementation: a random UUIDv4 under the prefix (the TypeID spec allows any UUID). */
const reissued = (id: unknown) => {
  const mine = String(id)
  const prefix = mine.slice(0, mine.indexOf('_'))
  let other = theirs.get(mine)
  if (other === undefined) {
    other = TypeID.fromUUID(prefix, randomUUID()).toString()
    theirs.set(mine, other)
    ours.set(other, mine)
  }
  return other
}

const withOtherIds = (body: unknown) =>
  updateAt(updateAt(body, ['worker', 'id'], reissued), ['worker', 'orgId'], reissued)

// spec §2.1: ids are TypeIDs; which UUID they encode is not shown.
export default variant(
  'worker and organization ids encode random UUIDv4s (any first character 0-7)',
  {
    before: (request) => {
      const id = request.params['id']
      const mine = id === undefined ? undefined : ours.get(id)
      return request.operationId === 'updateWorker' && id !== undefined && mine !== undefined
        ? { path: request.path.replace(id, mine) }
        : undefined
    },
    success: { createWorker: withOtherIds, updateWorker: withOtherIds },
  },
)
