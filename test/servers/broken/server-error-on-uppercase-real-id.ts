import { broken } from '../wrap-mock.js'

// Finds the provider through a case-insensitive index, then asserts that the stored id equals the
// one in the path: it does not, and the assertion is unhandled. Reaching the provider or not would
// both be fair (base32 reads either case); a 500 is not.
export default broken(
  {
    breaks: 'no-server-error',
    catches: 'path-id/real-suffix-case',
    spec: '§2.1, §4.1 (path ids: TypeIDs)',
    description:
      'an LLM provider update under the real ids with the suffix in capitals answers 500',
  },
  {
    before: (request, mock) => {
      const { orgId = '', llmProviderId = '' } = request.params
      // The prefix is compared as it is (a capital one is refused); the suffix without case.
      const foldsToReal = (id: string, real: string) =>
        id !== real &&
        id.startsWith(real.slice(0, real.indexOf('_') + 1)) &&
        id.toLowerCase() === real
      return request.operationId === 'updateLlmProvider' &&
        (foldsToReal(orgId, mock.ids.orgId) || foldsToReal(llmProviderId, mock.ids.llmProviderId))
        ? new Response('AssertionError: stored id differs from the requested id', { status: 500 })
        : undefined
    },
  },
)
