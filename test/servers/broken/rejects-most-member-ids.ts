import { broken, getAt } from '../wrap-mock.js'

const MAX = 500 // spec §8; the server is off by one

export default broken(
  {
    breaks: 'accepts-valid-input',
    catches: 'max-items/at',
    spec: '§4.1, §8',
    description: 'an LLM provider update with 500 memberIds is rejected (400)',
  },
  {
    before: (request) => {
      const memberIds = getAt(request.json, ['memberIds'])
      return request.operationId === 'updateLlmProvider' &&
        Array.isArray(memberIds) &&
        memberIds.length >= MAX
        ? Response.json({ message: 'too many members' }, { status: 400 })
        : undefined
    },
  },
)
