import { fail, pass } from '../check.js'
import { defineCheck } from '../define-check.js'
import { field } from './json-object.js'

/** spec §2.3: the three tokens of a create answer. */
const TOKENS = ['owner', 'host', 'client'] as const

/**
 * spec §2.3: "each holds an access token". An empty string holds none. What a token looks like is
 * not shown, so nothing else about it is judged.
 */
export const tokensNotEmpty = defineCheck({
  id: 'tokens-not-empty',
  title: 'Each of the three tokens of a create holds something (not an empty string)',
  spec: '§2.3',
  severity: 'error',
  profile: 'default',
  operations: ['createWorker'],
  appliesTo: { expect: ['accept', 'either'], response: 'json-success' },
  run: ({ response }) => {
    const tokens = field(response.json, 'tokens')
    for (const name of TOKENS) {
      if (field(tokens, name) === '')
        return fail(`tokens.${name} is an empty string, not an access token`, `/tokens/${name}`)
    }
    return pass()
  },
})
