import { broken, getAt, setAt } from '../wrap-mock.js'

/** Lists longer than this take the bulk path, which checks each id's length only. */
const BULK = 100

// A bulk path for long lists: each team id's length is checked, not its prefix (a worker id of
// the same length passes, and is stored as a team id).
export default broken(
  {
    breaks: 'rejects-invalid-input',
    catches: 'items/bad-at-maximum',
    spec: '§4.1 (teamIds: each of length 30, pattern ^tem_.*)',
    description: 'teamIds lists of more than 100 ids are checked by length only',
  },
  {
    before: (request) => {
      const teamIds = getAt(request.json, ['teamIds'])
      if (request.operationId !== 'updateLlmProvider' || !Array.isArray(teamIds)) return undefined
      if (teamIds.length <= BULK) return undefined
      const [first] = teamIds
      // Ids of the right length are taken as they are: the mock sees them as a valid id each.
      return {
        json: setAt(
          request.json,
          ['teamIds'],
          teamIds.map((id) =>
            typeof id === 'string' && id.length === String(first).length ? first : id,
          ),
        ),
      }
    },
  },
)
