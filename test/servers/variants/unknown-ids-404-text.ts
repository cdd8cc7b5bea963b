import { variant } from '../wrap-mock.js'

// spec §7: error bodies not shown; a plain-text 404 for ids that name nothing.
export default variant('ids that name nothing answer 404 with a text/plain body', {
  after: (response) =>
    response.status === 404
      ? new Response('not found', { status: 404, headers: { 'content-type': 'text/plain' } })
      : response,
})
