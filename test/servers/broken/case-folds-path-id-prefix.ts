import { broken } from '../wrap-mock.js'

/** The id with its prefix (up to the first underscore) in lower case. */
const prefixLower = (id: string) => {
  const at = id.indexOf('_')
  return at < 0 ? id : id.slice(0, at).toLowerCase() + id.slice(at)
}

// Lower-cases the prefix before it checks and looks the id up: "ORG_…" reaches the real
// organization. (The spec's pattern is ^org_.*, in lower case.)
export default broken(
  {
    breaks: 'rejects-invalid-input',
    catches: 'path-id/real-prefix-case',
    spec: '§2.1, §4.1 (path ids: pattern ^org_.*, ^lpr_.*)',
    description: 'an LLM provider update under the real ids with the prefix in capitals succeeds',
  },
  {
    before: (request, mock) => {
      const { orgId = '', llmProviderId = '' } = request.params
      if (request.operationId !== 'updateLlmProvider') return undefined
      const real = (id: string, known: string) =>
        encodeURIComponent(prefixLower(id) === known ? known : id)
      return {
        path: `/v1/orgs/${real(orgId, mock.ids.orgId)}/llm-providers/${real(llmProviderId, mock.ids.llmProviderId)}`,
      }
    },
  },
)
