import { jsonResponse, stringsOf, variant } from '../wrap-mock.js'

// spec §4: strings, nothing said of NUL; a server on PostgreSQL text refuses it with a 4xx.
export default variant('strings holding a NUL character are refused with 400', {
  before: (request) =>
    request.operationId !== undefined && stringsOf(request.json).some((s) => s.includes('\0'))
      ? jsonResponse({ message: 'text must not contain NUL' }, new Response(), 400)
      : undefined,
})
