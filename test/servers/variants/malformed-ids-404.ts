import { WorkerId } from '../../../src/schemas/ids.js'
import { variant } from '../wrap-mock.js'

// spec §7: error codes not shown; a router that matches ids by pattern answers 404 for a
// malformed one, before any body validation.
export default variant('a malformed worker id in the path answers 404, not 400', {
  before: (request) =>
    request.operationId === 'updateWorker' && !WorkerId.safeParse(request.params['id']).success
      ? new Response(null, { status: 404 })
      : undefined,
})
