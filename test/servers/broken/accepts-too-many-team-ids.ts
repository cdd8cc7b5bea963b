import { broken, getAt, setAt } from '../wrap-mock.js'

const MAX = 500 // the bound the server should keep (spec §8); it keeps the first 500 instead

// Checks the member list's size but not the team list's: extra teams are dropped.
export default broken(
  {
    breaks: 'rejects-invalid-input',
    catches: 'max-items/above',
    spec: '§4.1, §8 (teamIds: at most 500 elements)',
    description: 'teamIds beyond the 500th are dropped silently instead of rejected',
  },
  {
    before: (request) => {
      const teamIds = getAt(request.json, ['teamIds'])
      return request.operationId === 'updateLlmProvider' &&
        Array.isArray(teamIds) &&
        teamIds.length > MAX
        ? { json: setAt(request.json, ['teamIds'], teamIds.slice(0, MAX)) }
        : undefined
    },
  },
)
