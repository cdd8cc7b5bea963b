import { getAt, variant } from '../wrap-mock.js'

// spec §2.6: the fields of the LLM provider object are not shown.
export default variant('the LLM provider is { name, config } instead of our shape', {
  success: {
    updateLlmProvider: (body) => ({
      llmProvider: {
        name: getAt(body, ['llmProvider', 'providerId']) ?? 'x',
        config: { models: getAt(body, ['llmProvider', 'modelIds']), region: 'eu' },
      },
    }),
  },
})
