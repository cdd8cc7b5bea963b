import { broken } from '../wrap-mock.js'

const LENGTH = 30 // spec §2.1: lpr_ ids

// Checks the lpr_ prefix only, and an organization has one provider: the id's length is not read.
export default broken(
  {
    breaks: 'rejects-invalid-input',
    spec: '§4.1 (path llmProviderId: length 30)',
    description: 'an LLM provider update under an lpr_ id of 29 or 31 characters succeeds',
  },
  {
    before: (request, mock) => {
      const { orgId, llmProviderId } = request.params
      return request.operationId === 'updateLlmProvider' &&
        llmProviderId?.startsWith('lpr_') &&
        llmProviderId.length !== LENGTH
        ? { path: `/v1/orgs/${orgId ?? ''}/llm-providers/${mock.ids.llmProviderId}` }
        : undefined
    },
  },
)
