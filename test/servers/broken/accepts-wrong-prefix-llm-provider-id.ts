import { broken } from '../wrap-mock.js'

// One provider per organization: a malformed llmProviderId is not looked at, the org's is used.
export default broken(
  {
    breaks: 'rejects-invalid-input',
    spec: '§4.1 (path llmProviderId: ^lpr_.*)',
    description: 'an LLM provider update under an llmProviderId without the lpr_ prefix succeeds',
  },
  {
    before: (request, mock) => {
      const { orgId, llmProviderId } = request.params
      return request.operationId === 'updateLlmProvider' && !llmProviderId?.startsWith('lpr_')
        ? { path: `/v1/orgs/${orgId ?? ''}/llm-providers/${mock.ids.llmProviderId}` }
        : undefined
    },
  },
)
