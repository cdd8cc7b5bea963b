import { broken, jsonResponse } from '../wrap-mock.js'

/** A path id of the API's form: a lowercase prefix, `_`, 26 characters. */
const ID = /^[a-z]+_[0-9a-z]{26}$/

// Its router resolves the organization, then the provider inside it; with both ids malformed the
// error of the first is formatted with the second's (missing) lookup, and it answers 500. Either
// id malformed alone is the mock's 400.
export default broken(
  {
    breaks: 'no-server-error',
    catches: 'pair/two-rules',
    spec: '§4.1 (orgId and llmProviderId: TypeIDs of length 30)',
    description: 'a provider update whose two path ids are both malformed gets a 500',
  },
  {
    before: (request) => {
      const ids = [request.params['orgId'], request.params['llmProviderId']]
      return request.operationId === 'updateLlmProvider' && ids.every((id) => !ID.test(id ?? ''))
        ? jsonResponse({ message: 'internal error' }, new Response(), 500)
        : undefined
    },
  },
)
