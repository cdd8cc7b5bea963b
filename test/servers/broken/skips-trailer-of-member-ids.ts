import { MemberId } from '../../../src/schemas/ids.js'
import { broken, getAt, setAt } from '../wrap-mock.js'

const isValid = (id: unknown) => MemberId.safeParse(id).success
/** Lists this short are split from text; longer ones come from an import, checked whole. */
const SHORT = 10

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
      // Short lists, as typed in a form: a list at its bound comes from an import, checked whole.
      return rest.length > 0 &&
        memberIds.length <= SHORT &&
        !isValid(memberIds.at(-1)) &&
        rest.every(isValid)
        ? { json: setAt(request.json, ['memberIds'], rest) }
        : undefined
    },
  },
)
