import { MemberId } from '../../../src/schemas/ids.js'
import { broken, getAt, setAt } from '../wrap-mock.js'

const isValid = (id: unknown) => MemberId.safeParse(id).success

// Spot-checks a list at its ends: the first and the last member id are validated, the ones
// between are not, and a bad one there is dropped silently.
export default broken(
  {
    breaks: 'rejects-invalid-input',
    catches: 'items/bad-middle',
    spec: '§4.1, §8 (memberIds: each length 29, ^om_.*)',
    description: 'a malformed member id between two valid ones is dropped instead of rejected',
  },
  {
    before: (request) => {
      const memberIds = getAt(request.json, ['memberIds'])
      if (request.operationId !== 'updateLlmProvider' || !Array.isArray(memberIds)) return undefined
      if (memberIds.length < 3 || !isValid(memberIds[0]) || !isValid(memberIds.at(-1)))
        return undefined
      return { json: setAt(request.json, ['memberIds'], memberIds.filter(isValid)) }
    },
  },
)
