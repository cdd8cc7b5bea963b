import {
  createSecretBook,
  holdsSecret,
  maskedStrings,
  redactJson,
  redactText,
  type SecretBook,
} from '../secrets/index.js'

export type Redactor = {
  /**
   * Text the suite sent (a URL, a header value, a body it generated): the user's credentials masked
   * and nothing else, so that a curl line still reproduces the request. The suite's own test values
   * (a generated `apiKey`) are not secrets.
   */
  readonly request: (text: string) => string
  /** Text that came from the server (a body, an error, a message quoting one): everything masked. */
  readonly response: (text: string) => string
  /**
   * A parsed JSON answer as text: secret fields masked by name, strings equal to a secret learnt
   * or to one of `echoed` (the keys this request sent) masked, then as `response`.
   */
  readonly responseJson: (json: unknown, echoed?: ReadonlySet<string>) => string
  /** The book of secrets learnt (the tokens a server handed out, what callers sent): taught as it goes. */
  readonly book: SecretBook
}

/**
 * Masks secrets for the reports, through the one book of src/secrets: the user's credentials (the
 * values of credential headers given with -H, from the environment or a header file) and every
 * secret the book learns later (a token a server handed out) are masked in every form they can come
 * back in, wherever they occur.
 */
export const createRedactor = (
  credentials: Iterable<string> = [],
  /** The book to learn into, shared by a judge's exchanges (the proxy's). */
  book: SecretBook = createSecretBook(),
): Redactor => {
  const own = createSecretBook()
  own.learn(credentials)
  book.learn(credentials)
  // Before and after the name-based pass, when that pass changed the text: it decodes escapes,
  // which may reveal a form. Unchanged, the text is the one the first search read through.
  const response = (text: string) => {
    const masked = book.mask(text)
    const named = redactText(masked)
    return named === masked ? masked : book.mask(named)
  }
  return {
    request: own.mask,
    response,
    responseJson: (json, echoed) => {
      const values = { has: (value: string) => book.has(value) || echoed?.has(value) === true }
      // A parsed answer with nothing to mask is written out as it is (redactJson would copy it whole).
      const masked = holdsSecret(json, values) ? redactJson(json, values) : json
      const text = JSON.stringify(masked) ?? ''
      // A string JSON writes escaped (a `\` or a `"` in it: `\\u0073\\u006b…` on the wire, the
      // text `\u0073\u006b…` once parsed) spells a form only as it reads: its strings are masked as
      // they read, as the journal masks them.
      return response(
        text.includes('\\') && !book.isEmpty()
          ? (JSON.stringify(maskedStrings(masked, book.mask)) ?? '')
          : text,
      )
    },
    book,
  }
}
