import { fail, notApplicable, pass } from '../check.js'
import { defineCheck } from '../define-check.js'
import { sentSecretsOf } from '../exchange.js'

/** Shorter keys could appear in any answer by chance. */
const MIN_KEY_LENGTH = 6

export const secretNotEchoed = defineCheck({
  id: 'secret-not-echoed',
  title: 'An API key sent is not sent back',
  spec: '§4.1 (the spec does not forbid it: a warning, a failure under --strict)',
  severity: 'warning',
  profile: 'default',
  operations: ['updateLlmProvider'], // the only body that carries a secret (spec §4.1)
  appliesTo: { response: 'any' },
  run: ({ response, sentJson }) => {
    const keys = [...sentSecretsOf(sentJson)].filter((k) => k.length >= MIN_KEY_LENGTH)
    if (keys.length === 0) return notApplicable()
    return keys.some((key) => response.text.includes(key))
      ? fail('the API key that was sent appears in the answer')
      : pass()
  },
})
