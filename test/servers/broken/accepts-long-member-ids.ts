import { broken, getAt, setAt } from '../wrap-mock.js'

const LENGTH = 29 // spec §2.1: om_ ids are one shorter than the other TypeIDs

// Checks member ids against the 30 characters of every other TypeID: a 30-character om_ id passes
// its check and is cut to fit the 29-character column.
export default broken(
  {
    breaks: 'rejects-invalid-input',
    spec: '§2.1, §4.1, §8 (memberIds: each length 29)',
    description: 'om_ member ids of 30 characters are accepted (cut to 29) instead of rejected',
  },
  {
    before: (request) => {
      const memberIds = getAt(request.json, ['memberIds'])
      return request.operationId === 'updateLlmProvider' &&
        Array.isArray(memberIds) &&
        memberIds.some((id) => typeof id === 'string' && id.length === LENGTH + 1)
        ? {
            json: setAt(
              request.json,
              ['memberIds'],
              memberIds.map((id) => (typeof id === 'string' ? id.slice(0, LENGTH) : id)),
            ),
          }
        : undefined
    },
  },
)
