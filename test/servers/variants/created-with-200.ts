import { variant } from '../wrap-mock.js'

// spec §4: success codes not shown; a create may answer 200 instead of our 201.
export default variant('create answers 200 OK instead of 201 Created', {
  after: (response, { request }) =>
    request.operationId === 'createWorker' && response.status === 201
      ? new Response(response.body, { status: 200, headers: response.headers })
      : response,
})
