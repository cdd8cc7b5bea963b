import { broken, deleteAt, getAt, setAt } from '../wrap-mock.js'

export default broken(
  {
    breaks: 'response-schema',
    spec: '§4.1',
    description: 'the LLM provider update answers { provider } instead of the required llmProvider',
  },
  {
    success: {
      updateLlmProvider: (body) =>
        setAt(deleteAt(body, ['llmProvider']), ['provider'], getAt(body, ['llmProvider'])),
    },
  },
)
