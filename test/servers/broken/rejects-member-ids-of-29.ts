import { broken, getAt, jsonResponse } from '../wrap-mock.js'

const WRONG_LENGTH = 30 // what a copy of the other TypeIDs' rule demands of om_ ids (spec §2.1: 29)

// Every TypeID checked as 30 characters long: a valid om_ id is refused.
export default broken(
  {
    breaks: 'accepts-valid-input',
    spec: '§2.1, §4.1 (memberIds: each length 29)',
    description: 'valid 29-character om_ member ids are rejected with 400',
  },
  {
    before: (request) => {
      const memberIds = getAt(request.json, ['memberIds'])
      return request.operationId === 'updateLlmProvider' &&
        Array.isArray(memberIds) &&
        memberIds.some((id) => typeof id === 'string' && id.length !== WRONG_LENGTH)
        ? jsonResponse({ message: 'memberIds: each id must be 30 characters' }, new Response(), 400)
        : undefined
    },
  },
)
