import { hasLoneSurrogate } from '../../common/lone-surrogate.js'
import { ALL_OPERATIONS, fail, notApplicable, pass } from '../check.js'
import { defineCheck } from '../define-check.js'

/** A surrogate escape not paired with its other half, as JSON text writes it (`\ud800`). */
const LONE_SURROGATE_ESCAPE =
  /\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F])|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2}/

/**
 * RFC 8259 §8.2: a string that escapes a lone surrogate (`"\ud800"`) is grammatical, but what a
 * receiver makes of it is unpredictable (one rejects the text, one writes U+FFFD, one keeps the
 * broken unit). It is how a server that splits astral characters shows it. A warning, not a failure:
 * the JSON grammar allows it. `--strict` fails it.
 */
export const noLoneSurrogates = defineCheck({
  id: 'no-lone-surrogates',
  title: 'A success body escapes no lone surrogate in a string (a warning: RFC 8259 allows it)',
  spec: '§intro (bodies are JSON); RFC 8259 §8.2',
  severity: 'warning',
  profile: 'default',
  operations: ALL_OPERATIONS,
  appliesTo: { response: 'json-success' },
  run: ({ response, sentBody }) => {
    const lone = response.jsonFlaws?.loneSurrogate
    if (lone === undefined) return pass()
    // The request carried one (a class of docs/CATALOGUE.md, or an app's own): an answer that keeps
    // what was sent is faithful, not a server that split a character.
    if (LONE_SURROGATE_ESCAPE.test(sentBody) || hasLoneSurrogate(sentBody)) return notApplicable()
    return fail(
      `the string at ${lone.pointer || '/'} escapes a surrogate without its other half; receivers read it differently`,
      lone.pointer || '/',
    )
  },
})
