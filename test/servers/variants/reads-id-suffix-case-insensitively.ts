import { variant } from '../wrap-mock.js'

/** The id with its suffix (after the first underscore) in lower case: base32 reads either case. */
const suffixLower = (id: string) => {
  const at = id.indexOf('_')
  return at < 0 ? id : id.slice(0, at + 1) + id.slice(at + 1).toLowerCase()
}
const segment = (id: string) => encodeURIComponent(suffixLower(id))

// spec §2.1: ids are TypeIDs, whose base32 suffix decodes in either case; a server that decodes
// the ids of the path reaches the resource under its id with the suffix in capitals. Provider
// updates only: a rename reached this way answers the worker's own (lower-case) id, which
// update-applies-name takes for another worker today (reported with issue 18).
export default variant(
  'provider path ids are decoded as base32, whatever the case of their suffix',
  {
    before: (request) => {
      const { orgId, llmProviderId } = request.params
      return request.operationId === 'updateLlmProvider' && orgId !== undefined
        ? { path: `/v1/orgs/${segment(orgId)}/llm-providers/${segment(llmProviderId ?? '')}` }
        : undefined
    },
  },
)
