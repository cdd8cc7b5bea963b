import { ALL_OPERATIONS, fail, pass, quote } from '../check.js'
import { defineCheck } from '../define-check.js'

/**
 * RFC 8259 §4: the names within an object SHOULD be unique; where they are not, receivers differ
 * (JSON.parse keeps the last, others the first or reject the text). A warning, not a failure: the
 * RFC says SHOULD and the spec only says "JSON", so such a body is still JSON. `--strict` fails it.
 */
export const uniqueJsonNames = defineCheck({
  id: 'unique-json-names',
  title: 'A success body names each member of an object once (a warning: RFC 8259 says SHOULD)',
  spec: '§intro (bodies are JSON); RFC 8259 §4',
  severity: 'warning',
  profile: 'default',
  operations: ALL_OPERATIONS,
  appliesTo: { response: 'json-success' },
  run: ({ response }) => {
    const duplicate = response.jsonFlaws?.duplicateName
    if (duplicate === undefined) return pass()
    return fail(
      `the object at ${duplicate.pointer || '/'} names ${quote(duplicate.name)} twice; clients disagree on which value wins`,
      duplicate.pointer || '/',
    )
  },
})
