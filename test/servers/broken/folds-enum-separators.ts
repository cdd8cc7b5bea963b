import { broken, getAt, setAt } from '../wrap-mock.js'

// Reads "models-dev" as "models_dev": hyphens and underscores are folded before the compare.
export default broken(
  {
    breaks: 'rejects-invalid-input',
    catches: 'enum/separator',
    spec: '§4.1 (source: models_dev or custom)',
    description: 'an update with source "models-dev" succeeds as "models_dev"',
  },
  {
    before: (request) => {
      const source = getAt(request.json, ['source'])
      return request.operationId === 'updateLlmProvider' && typeof source === 'string'
        ? { json: setAt(request.json, ['source'], source.replaceAll('-', '_')) }
        : undefined
    },
  },
)
