import { broken } from '../wrap-mock.js'

const LENGTH = 30 // spec §2.1: org_, lpr_ and wrk_ ids
/** The characters it allows in an id, with no length: the length is left to the column. */
const ID_TEXT = /^(?:org|lpr|wrk)_[0-9a-z]+$/

/** The id cut to its length, as a CHAR(30) column stores and compares it. */
const cut = (id: string) => (ID_TEXT.test(id) ? id.slice(0, LENGTH) : id)
const segment = (id: string) => encodeURIComponent(cut(id))

// Checks an id's characters but leaves its length to a CHAR(30) column, which cuts a longer id:
// the real id with a character more reaches the real resource.
export default broken(
  {
    breaks: 'rejects-invalid-input',
    catches: 'path-id/real-plus-one',
    spec: '§2.1, §4.1, §4.3 (path ids: length 30)',
    description: 'an update under a real id with one character more reaches that resource',
  },
  {
    before: (request) => {
      const { id, orgId, llmProviderId } = request.params
      if (request.operationId === 'updateWorker' && id !== undefined)
        return { path: `/v1/workers/${segment(id)}` }
      if (request.operationId === 'updateLlmProvider' && orgId !== undefined)
        return {
          path: `/v1/orgs/${segment(orgId)}/llm-providers/${segment(llmProviderId ?? '')}`,
        }
      return undefined
    },
  },
)
