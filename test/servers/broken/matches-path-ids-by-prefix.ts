import { broken } from '../wrap-mock.js'

// Looks the provider up with LIKE 'id%': an id with its last character missing finds the real
// provider (and its organization the same way).
export default broken(
  {
    breaks: 'rejects-invalid-input',
    catches: 'path-id/real-minus-one',
    spec: '§2.1, §4.1 (path ids: length 30)',
    description: "an LLM provider update under the real ids' first 29 characters reaches them",
  },
  {
    before: (request, mock) => {
      const { orgId = '', llmProviderId = '' } = request.params
      if (request.operationId !== 'updateLlmProvider') return undefined
      const byPrefix = (id: string, real: string) =>
        encodeURIComponent(id.length > 0 && real.startsWith(id) ? real : id)
      return {
        path: `/v1/orgs/${byPrefix(orgId, mock.ids.orgId)}/llm-providers/${byPrefix(llmProviderId, mock.ids.llmProviderId)}`,
      }
    },
  },
)
