import { broken, getAt, jsonResponse } from '../wrap-mock.js'

// A rule the spec does not have (§4.1: which fields apply to each source is not shown, and
// customConfigText is optional): a custom provider without its configuration text is refused.
export default broken(
  {
    breaks: 'accepts-valid-input',
    catches: 'enum/each',
    spec: '§4.1 (source: models_dev or custom; customConfigText: optional)',
    description: 'an update with source "custom" and no customConfigText is rejected with 400',
  },
  {
    before: (request) =>
      request.operationId === 'updateLlmProvider' &&
      getAt(request.json, ['source']) === 'custom' &&
      getAt(request.json, ['customConfigText']) === undefined
        ? jsonResponse({ message: 'customConfigText is required for custom' }, new Response(), 400)
        : undefined,
  },
)
