import { broken } from '../wrap-mock.js'

/** The organization ids of before TypeIDs: 30 lower-case letters, no prefix. */
const LEGACY = /^[a-z]{30}$/

// A migration shim: an org id in the old format is taken as the caller's organization instead of
// refused. (A TypeID's suffix starts with a digit, so no org_ id matches.)
export default broken(
  {
    breaks: 'rejects-invalid-input',
    catches: 'pattern/no-prefix',
    spec: '§4.1 (path orgId: pattern ^org_.*)',
    description: 'an LLM provider update under an org id without its prefix succeeds',
  },
  {
    before: (request, mock) => {
      const { orgId, llmProviderId } = request.params
      return request.operationId === 'updateLlmProvider' &&
        orgId !== undefined &&
        LEGACY.test(orgId)
        ? { path: `/v1/orgs/${mock.ids.orgId}/llm-providers/${llmProviderId ?? ''}` }
        : undefined
    },
  },
)
