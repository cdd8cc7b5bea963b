import {
  createCredentialMasker,
  createRememberedSecrets,
  holdsSecret,
  type RememberedSecrets,
  redactJson,
  redactText,
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
   * A parsed JSON answer as text: secret fields masked by name, strings equal to a remembered
   * secret or to one of `echoed` (the keys this request sent) masked, then as `response`.
   */
  readonly responseJson: (json: unknown, echoed?: ReadonlySet<string>) => string
  /** Remembers secrets a server handed out, to mask them wherever they come back later. */
  readonly remember: (values: Iterable<string>) => void
}

/**
 * Masks secrets for the reports. The user's credentials (the values of credential headers given
 * with -H, from the environment or a header file) are masked in every form they can come back in,
 * wherever they occur; secrets a server handed out are masked as whole tokens in what follows.
 */
export const createRedactor = (
  credentials: Iterable<string> = [],
  /** Secrets learnt so far, shared by redactors of one judge (the proxy's, one per caller). */
  remembered: RememberedSecrets = createRememberedSecrets(),
): Redactor => {
  const maskCredentials = createCredentialMasker(credentials)
  // Credentials before and after the name-based pass: it decodes escapes, which may reveal a form.
  const response = (text: string) =>
    remembered.mask(maskCredentials(redactText(maskCredentials(text))))
  return {
    request: maskCredentials,
    response,
    responseJson: (json, echoed) => {
      const values = {
        has: (value: string) => remembered.has(value) || echoed?.has(value) === true,
      }
      // A parsed answer with nothing to mask is written out as it is (redactJson would copy it whole).
      const masked = holdsSecret(json, values) ? redactJson(json, values) : json
      return response(JSON.stringify(masked) ?? '')
    },
    remember: (values) => {
      remembered.add(values)
    },
  }
}
