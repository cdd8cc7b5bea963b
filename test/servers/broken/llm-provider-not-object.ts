import { broken, updateAt } from '../wrap-mock.js'

export default broken(
  {
    breaks: 'response-schema',
    spec: '§2.6',
    description: 'llmProvider is an array holding the provider, not an object',
  },
  {
    success: {
      updateLlmProvider: (body) => updateAt(body, ['llmProvider'], (provider) => [provider]),
    },
  },
)
