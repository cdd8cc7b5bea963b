import { MemberId } from '../../../src/schemas/ids.js'
import { broken, getAt, setAt } from '../wrap-mock.js'

const isValid = (id: unknown) => MemberId.safeParse(id).success

// Written for lists pasted from a CSV export: when a malformed entry comes first and valid ones
// follow, it is taken for a header row and dropped instead of refused. (A list of one is checked.)
export default broken(
  {
    breaks: 'rejects-invalid-input',
    catches: 'items/bad-first',
    spec: '§4.1, §8 (memberIds: each length 29, ^om_.*)',
    description:
      'a malformed first member id followed by valid ones is dropped instead of rejected',
  },
  {
    before: (request) => {
      const memberIds = getAt(request.json, ['memberIds'])
      if (request.operationId !== 'updateLlmProvider' || !Array.isArray(memberIds)) return undefined
      const [first, ...rest] = memberIds
      return rest.length > 0 && !isValid(first) && rest.every(isValid)
        ? { json: setAt(request.json, ['memberIds'], rest) }
        : undefined
    },
  },
)
