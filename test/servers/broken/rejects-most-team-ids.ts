import { broken, getAt } from '../wrap-mock.js'

const MAX = 500 // spec §8; the server is off by one

export default broken(
  {
    breaks: 'accepts-valid-input',
    catches: 'max-items/at',
    spec: '§4.1, §8 (teamIds: at most 500 elements)',
    description: 'an LLM provider update with 500 teamIds is rejected (400)',
  },
  {
    before: (request) => {
      const teamIds = getAt(request.json, ['teamIds'])
      return request.operationId === 'updateLlmProvider' &&
        Array.isArray(teamIds) &&
        teamIds.length >= MAX
        ? Response.json({ message: 'too many teams' }, { status: 400 })
        : undefined
    },
  },
)
