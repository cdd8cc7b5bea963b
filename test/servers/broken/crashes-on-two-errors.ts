import { broken, jsonResponse } from '../wrap-mock.js'

/** An id of the API's form: a lowercase prefix, `_`, 26 characters. */
const ID = /^[a-z]+_[0-9a-z]{26}$/

/** How many rules the request breaks that this server checks: path ids, numbers for text. */
const errorsIn = (params: Readonly<Record<string, string>>, json: unknown) => {
  const badIds = Object.values(params).filter((id) => !ID.test(id)).length
  const numbers =
    typeof json === 'object' && json !== null && !Array.isArray(json)
      ? Object.values(json).filter((value) => typeof value === 'number').length
      : 0
  return badIds + numbers
}

// Its validator collects the errors and formats them with the first one's template for the second:
// one broken rule is a 400 (the mock's), two at once a 500 that only a pair of violations finds.
export default broken(
  {
    breaks: 'no-server-error',
    catches: 'pair/two-rules',
    spec: '§4, §8 (a request that breaks rules is refused with a 4xx)',
    description: 'a request that breaks two rules at once gets a 500',
  },
  {
    before: (request) =>
      request.operationId !== undefined && errorsIn(request.params, request.json) >= 2
        ? jsonResponse({ message: 'internal error' }, new Response(), 500)
        : undefined,
  },
)
