import { broken, getAt, setAt } from '../wrap-mock.js'

// Checks the member bound on the branch for member-only restrictions; with team ids too, another
// branch stores the members unchecked (501 are accepted beside a team).
export default broken(
  {
    breaks: 'rejects-invalid-input',
    catches: 'max-items/above',
    spec: '§4.1, §8 (memberIds: at most 500 elements)',
    description: 'over 500 memberIds are accepted when teamIds are sent too',
  },
  {
    before: (request) => {
      const memberIds = getAt(request.json, ['memberIds'])
      const teamIds = getAt(request.json, ['teamIds'])
      return request.operationId === 'updateLlmProvider' &&
        Array.isArray(memberIds) &&
        Array.isArray(teamIds)
        ? { json: setAt(request.json, ['memberIds'], memberIds.slice(0, 500)) }
        : undefined
    },
  },
)
