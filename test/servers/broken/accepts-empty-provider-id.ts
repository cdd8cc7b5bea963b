import { broken, deleteAt, getAt } from '../wrap-mock.js'

// A truthiness test (`if (body.providerId)`) takes "" for "not sent".
export default broken(
  {
    breaks: 'rejects-invalid-input',
    catches: 'min-length/below',
    spec: '§4.1, §8 (providerId: length 1 to 255)',
    description: 'an LLM provider update with providerId "" succeeds (taken as "no change")',
  },
  {
    before: (request) =>
      request.operationId === 'updateLlmProvider' && getAt(request.json, ['providerId']) === ''
        ? { json: deleteAt(request.json, ['providerId']) }
        : undefined,
  },
)
