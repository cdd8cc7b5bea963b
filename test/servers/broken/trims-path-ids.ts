import { broken } from '../wrap-mock.js'

// Trims the ids in the path before it checks and looks them up: the real id with a space after it
// reaches the real provider.
export default broken(
  {
    breaks: 'rejects-invalid-input',
    catches: 'path-id/real-padded',
    spec: '§2.1, §4.1 (path ids: length 30, pattern ^org_.*, ^lpr_.*)',
    description: 'an LLM provider update under the real ids with a space after them succeeds',
  },
  {
    before: (request) => {
      const { orgId, llmProviderId } = request.params
      return request.operationId === 'updateLlmProvider' && orgId !== undefined
        ? {
            path: `/v1/orgs/${encodeURIComponent(orgId.trim())}/llm-providers/${encodeURIComponent((llmProviderId ?? '').trim())}`,
          }
        : undefined
    },
  },
)
