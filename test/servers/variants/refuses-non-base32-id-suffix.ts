import { getAt, jsonResponse, stringsOf, variant } from '../wrap-mock.js'

/** Crockford base32 as a TypeID writes it: no i, l, o or u. */
const BASE32 = /^[0-9a-hjkmnp-tv-z]*$/i

/** A TypeID-like string whose suffix (after the first underscore) is not base32. */
const badSuffix = (id: string) => id.includes('_') && !BASE32.test(id.slice(id.indexOf('_') + 1))

// spec §2.1: ids are TypeIDs, whose suffix is base32; a server that decodes them refuses a suffix
// outside that alphabet (the mock checks prefix and length only).
export default variant('ids whose suffix is not base32 are refused with 400', {
  before: (request) => {
    const ids = [
      ...Object.values(request.params),
      ...['memberIds', 'teamIds'].flatMap((key) => stringsOf(getAt(request.json, [key]))),
    ]
    return request.operationId !== undefined && ids.some(badSuffix)
      ? jsonResponse({ message: 'ids are TypeIDs (base32)' }, new Response(), 400)
      : undefined
  },
})
