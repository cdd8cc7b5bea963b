import { secretsIn } from '../../common/redact.js'
import { type Check, fail, notApplicable, pass, responseOf } from '../check.js'
import { parsedBody } from './json-object.js'

/** Shorter keys could appear in any answer by chance. */
const MIN_KEY_LENGTH = 6

export const secretNotEchoed: Check = {
  id: 'secret-not-echoed',
  title: 'An API key sent is not sent back',
  spec: '§4.1 (the spec does not forbid it: a warning, a failure under --strict)',
  severity: 'warning',
  profile: 'default',
  operations: ['updateLlmProvider'], // the only body that carries a secret (spec §4.1)
  run: (input) => {
    const response = responseOf(input)
    const keys = [...secretsIn(parsedBody(input.sentBody))].filter(
      (k) => k.length >= MIN_KEY_LENGTH,
    )
    if (!response || keys.length === 0) return notApplicable()
    return keys.some((key) => response.text.includes(key))
      ? fail('the API key that was sent appears in the answer')
      : pass()
  },
}
