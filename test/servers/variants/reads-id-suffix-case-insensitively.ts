import { variant } from '../wrap-mock.js'

/** The id with its suffix (after the first underscore) in lower case: base32 reads either case. */
const suffixLower = (id: string) => {
  const at = id.indexOf('_')
  return at < 0 ? id : id.slice(0, at + 1) + id.slice(at + 1).toLowerCase()
}
const segment = (id: string) => encodeURIComponent(suffixLower(id))

// spec §2.1: ids are TypeIDs, whose base32 suffix decodes in either case; a server that decodes
// the ids of the path reaches the resource under its id with the suffix in capitals, and answers
// it in its own spelling (a rename answers the worker's lower-case id).
export default variant('path ids are decoded as base32, whatever the case of their suffix', {
  before: (request) => {
    const { orgId, llmProviderId, id } = request.params
    if (request.operationId === 'updateLlmProvider' && orgId !== undefined)
      return { path: `/v1/orgs/${segment(orgId)}/llm-providers/${segment(llmProviderId ?? '')}` }
    if (request.operationId === 'updateWorker' && id !== undefined)
      return { path: `/v1/workers/${segment(id)}` }
    return undefined
  },
})
