import { mediaType } from '../../common/media-type.js'
import { ALL_OPERATIONS, fail, pass, quote } from '../check.js'
import { defineCheck } from '../define-check.js'

/** The content type the spec gives its bodies (§1). */
const SUCCESS_MEDIA_TYPE = 'application/json'

export const successIsJson = defineCheck({
  id: 'success-is-json',
  title: 'A success answer is JSON, labelled as JSON, in UTF-8 without a byte order mark',
  spec: '§intro (bodies are JSON), §4; RFC 8259 §8.1',
  severity: 'error',
  profile: 'default',
  operations: ALL_OPERATIONS,
  appliesTo: { response: 'success' },
  run: ({ response }) => {
    const contentType = response.headers['content-type']
    // spec §1: bodies are JSON with the content type application/json (any parameters, any case);
    // `problem+json` on a success tells a client it failed.
    if (mediaType(contentType) !== SUCCESS_MEDIA_TYPE)
      return fail(`content-type is ${quote(contentType ?? 'missing')}, not ${SUCCESS_MEDIA_TYPE}`)
    if (response.parseError !== undefined) return fail(`the body is ${response.parseError}`)
    if (!response.isJson) return fail(`the body does not parse as JSON: ${quote(response.text)}`)
    // RFC 8259 §8.1: senders MUST NOT add one; a client MAY ignore it, and JSON.parse does not.
    if (response.hasByteOrderMark === true)
      return fail(
        'the body starts with a byte order mark (RFC 8259 §8.1: a sender MUST NOT add one)',
      )
    return pass()
  },
})
