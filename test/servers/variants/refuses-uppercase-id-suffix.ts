import { getAt, jsonResponse, stringsOf, variant } from '../wrap-mock.js'

/** A TypeID-like string whose suffix (after the first underscore) holds a capital letter. */
const hasUpperSuffix = (id: string) =>
  id.includes('_') && /[A-Z]/.test(id.slice(id.indexOf('_') + 1))

// spec §2.1: ids are TypeIDs, which are written in lower case; a server that reads them strictly
// refuses a suffix in capitals, in the path and in the body alike.
export default variant('ids with their suffix in capitals are refused with 400', {
  before: (request) => {
    const ids = [
      ...Object.values(request.params),
      ...['memberIds', 'teamIds'].flatMap((key) => stringsOf(getAt(request.json, [key]))),
    ]
    return request.operationId !== undefined && ids.some(hasUpperSuffix)
      ? jsonResponse({ message: 'ids are lower-case TypeIDs' }, new Response(), 400)
      : undefined
  },
})
