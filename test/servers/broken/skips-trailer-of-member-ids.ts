import { MemberId } from '../../../src/schemas/ids.js'
import { broken, getAt, setAt } from '../wrap-mock.js'

const isValid = (id: unknown) => MemberId.safeParse(id).success

// Written for lists split from text with a trailing comma: when a malformed entry comes last after
// valid ones, it is taken for the empty tail and dropped instead of refused. (A list of one is
// checked.)
export default broken(
  {
    breaks: 'rejects-invalid-input',
    catches: 'items/bad-last',
    spec: '§4.1, §8 (memberIds: each length 29, ^om_.*)',
    description: 'a malformed last member id after valid ones is dropped instead of rejected',
  },
  {
    before: (request) => {
      const memberIds = getAt(request.json, ['memberIds'])
      if (request.operationId !== 'updateLlmProvider' || !Array.isArray(memberIds)) return undefined
      const rest = memberIds.slice(0, -1)
      return rest.length > 0 && !isValid(memberIds.at(-1)) && rest.every(isValid)
        ? { json: setAt(request.json, ['memberIds'], rest) }
        : undefined
    },
  },
)
