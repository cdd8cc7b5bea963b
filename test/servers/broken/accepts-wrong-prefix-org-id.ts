import { broken } from '../wrap-mock.js'

// Finds the provider by its own id and does not look at a malformed orgId.
export default broken(
  {
    breaks: 'rejects-invalid-input',
    spec: '§4.1 (path orgId: ^org_.*)',
    description: 'an LLM provider update under an orgId without the org_ prefix succeeds',
  },
  {
    before: (request, mock) => {
      const { orgId, llmProviderId } = request.params
      return request.operationId === 'updateLlmProvider' && !orgId?.startsWith('org_')
        ? { path: `/v1/orgs/${mock.ids.orgId}/llm-providers/${llmProviderId ?? ''}` }
        : undefined
    },
  },
)
