import { jsonResponse, stringsOf, variant } from '../wrap-mock.js'

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

// RFC 8259 §8.2: an unpaired surrogate escape is JSON but no Unicode text; a server that
// validates text as Unicode refuses it with a 4xx.
export default variant('strings holding an unpaired surrogate are refused with 400', {
  before: (request) =>
    request.operationId !== undefined && stringsOf(request.json).some((s) => LONE_SURROGATE.test(s))
      ? jsonResponse({ message: 'text must be valid Unicode' }, new Response(), 400)
      : undefined,
})
