import { LlmProviderSource } from '../../../src/schemas/llm-provider.js'
import { broken, getAt, setAt } from '../wrap-mock.js'

export default broken(
  {
    breaks: 'rejects-invalid-input',
    spec: '§4.1',
    description: 'a source outside models_dev / custom is taken as custom',
  },
  {
    before: (request) => {
      const source = getAt(request.json, ['source'])
      return request.operationId === 'updateLlmProvider' &&
        typeof source === 'string' &&
        !LlmProviderSource.safeParse(source).success
        ? { json: setAt(request.json, ['source'], LlmProviderSource.enum.custom) }
        : undefined
    },
  },
)
