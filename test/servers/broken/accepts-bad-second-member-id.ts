import { MemberId } from '../../../src/schemas/ids.js'
import { broken, getAt, setAt } from '../wrap-mock.js'

const isValid = (id: unknown) => MemberId.safeParse(id).success

// Validates memberIds[0] only and drops the malformed ids after it: caught by the cases that put
// a broken item behind a valid one.
export default broken(
  {
    breaks: 'rejects-invalid-input',
    spec: '§4.1, §8 (each element: length 29, ^om_.*)',
    description: 'malformed memberIds after the first are dropped silently instead of rejected',
  },
  {
    before: (request) => {
      const memberIds = getAt(request.json, ['memberIds'])
      if (request.operationId !== 'updateLlmProvider' || !Array.isArray(memberIds)) return undefined
      const [first, ...rest] = memberIds
      return rest.every(isValid)
        ? undefined
        : { json: setAt(request.json, ['memberIds'], [first, ...rest.filter(isValid)]) }
    },
  },
)
