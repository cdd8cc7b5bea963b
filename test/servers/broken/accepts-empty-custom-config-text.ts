import { broken, deleteAt, getAt } from '../wrap-mock.js'

// A truthiness test (`if (body.customConfigText)`) takes "" for "not sent".
export default broken(
  {
    breaks: 'rejects-invalid-input',
    catches: 'min-length/below',
    spec: '§4.1, §8 (customConfigText: minimum length 1)',
    description: 'an LLM provider update with customConfigText "" succeeds',
  },
  {
    before: (request) =>
      request.operationId === 'updateLlmProvider' &&
      getAt(request.json, ['customConfigText']) === ''
        ? { json: deleteAt(request.json, ['customConfigText']) }
        : undefined,
  },
)
