import { broken, getAt } from '../wrap-mock.js'

// Only generated inputs reach it: every boundary case sends at most one model id.
// Also fails accepts-valid-input: the 500 answers a valid update.
export default broken(
  {
    breaks: 'no-server-error',
    spec: '§4.1',
    description: 'an LLM provider update with more than one model id answers 500',
  },
  {
    before: (request) => {
      const modelIds = getAt(request.json, ['modelIds'])
      return request.operationId === 'updateLlmProvider' &&
        Array.isArray(modelIds) &&
        modelIds.length > 1
        ? Response.json({ error: 'internal' }, { status: 500 })
        : undefined
    },
  },
)
