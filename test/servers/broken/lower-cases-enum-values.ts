import { broken, getAt, setAt } from '../wrap-mock.js'

// Compares source without case: "MODELS_DEV" and "Custom" pass as their lower-case values.
export default broken(
  {
    breaks: 'rejects-invalid-input',
    catches: 'enum/other-case',
    spec: '§4.1 (source: models_dev or custom)',
    description: 'an update with source "CUSTOM" succeeds as "custom"',
  },
  {
    before: (request) => {
      const source = getAt(request.json, ['source'])
      return request.operationId === 'updateLlmProvider' && typeof source === 'string'
        ? { json: setAt(request.json, ['source'], source.toLowerCase()) }
        : undefined
    },
  },
)
