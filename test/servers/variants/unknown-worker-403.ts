import { variant } from '../wrap-mock.js'

// spec §7: error codes not shown; a server may hide whether a worker exists behind a 403.
export default variant('renaming a worker that does not exist answers 403 Forbidden', {
  after: (response, { request }) =>
    request.operationId === 'updateWorker' && response.status === 404
      ? Response.json({ error: 'forbidden' }, { status: 403 })
      : response,
})
