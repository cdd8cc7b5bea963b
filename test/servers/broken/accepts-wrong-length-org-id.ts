import { broken } from '../wrap-mock.js'

const LENGTH = 30 // spec §2.1: org_ ids

// Checks the org_ prefix only and finds the provider by its own id: the orgId's length is not read.
export default broken(
  {
    breaks: 'rejects-invalid-input',
    spec: '§4.1 (path orgId: length 30)',
    description: 'an LLM provider update under an org_ id of 29 or 31 characters succeeds',
  },
  {
    before: (request, mock) => {
      const { orgId, llmProviderId } = request.params
      return request.operationId === 'updateLlmProvider' &&
        orgId?.startsWith('org_') &&
        orgId.length !== LENGTH
        ? { path: `/v1/orgs/${mock.ids.orgId}/llm-providers/${llmProviderId ?? ''}` }
        : undefined
    },
  },
)
