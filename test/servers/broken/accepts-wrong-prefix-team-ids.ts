import { broken, getAt, setAt } from '../wrap-mock.js'

const isForeign = (id: unknown) => typeof id === 'string' && !id.startsWith('tem_')

export default broken(
  {
    breaks: 'rejects-invalid-input',
    spec: '§2.1, §4.1',
    description: 'teamIds without the tem_ prefix are dropped silently instead of rejected',
  },
  {
    before: (request) => {
      const teamIds = getAt(request.json, ['teamIds'])
      return request.operationId === 'updateLlmProvider' &&
        Array.isArray(teamIds) &&
        teamIds.some(isForeign)
        ? {
            json: setAt(
              request.json,
              ['teamIds'],
              teamIds.filter((id) => !isForeign(id)),
            ),
          }
        : undefined
    },
  },
)
