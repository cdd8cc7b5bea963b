import { variant } from '../wrap-mock.js'

/** An HTTP-date already past (RFC 9110 §10.2.3): retry at once. */
const PAST = 'Sun, 06 Nov 1994 08:49:37 GMT'

const limited = new Set<string>()

// spec §8: rate limits not shown. A gateway's limiter answers the first request of each operation
// 429 with Retry-After (delay-seconds on one, an HTTP-date on the others): the judge waits and
// retries, and does not take the 429 for the answer to the case.
export default variant('the first request of each operation answers 429 with Retry-After', {
  before: (request) => {
    if (request.operationId === undefined || limited.has(request.operationId)) return undefined
    limited.add(request.operationId)
    return Response.json(
      { message: 'rate limited' },
      {
        status: 429,
        headers: { 'retry-after': request.operationId === 'createWorker' ? '1' : PAST },
      },
    )
  },
})
