import { typeIdLength } from '../../../src/schemas/ids.js'
import { broken, getAt, setAt } from '../wrap-mock.js'

const LENGTH = typeIdLength('tem') // spec §2.1: 30
const isMisSized = (id: unknown) =>
  typeof id === 'string' && id.startsWith('tem_') && id.length !== LENGTH

// Checks the prefix of a team id but not its length.
export default broken(
  {
    breaks: 'rejects-invalid-input',
    spec: '§2.1, §4.1, §8',
    description: 'tem_ team ids of the wrong length are dropped silently instead of rejected',
  },
  {
    before: (request) => {
      const teamIds = getAt(request.json, ['teamIds'])
      return request.operationId === 'updateLlmProvider' &&
        Array.isArray(teamIds) &&
        teamIds.some(isMisSized)
        ? {
            json: setAt(
              request.json,
              ['teamIds'],
              teamIds.filter((id) => !isMisSized(id)),
            ),
          }
        : undefined
    },
  },
)
