import { isSecretHeader } from '../secrets/index.js'
import type { SentRequest } from './exchange.js'
import type { Redactor } from './redactor.js'

/** Longer bodies are cut in the curl line (the JSON report keeps the excerpt). */
const MAX_CURL_BODY = 64 * 1024

const singleQuoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`

/** The environment variable a redacted header value is read from: `Authorization` → `$AUTHORIZATION`. */
const envNameOf = (header: string) => header.toUpperCase().replace(/[^A-Z0-9]+/g, '_')

/**
 * One curl line that reproduces the request. Credential headers read their value from the
 * environment (`"Authorization: $AUTHORIZATION"`) and the user's credentials are masked wherever
 * else they appear, so the line is safe to print in a CI log. The body is the one the suite
 * generated, as sent: its test values (a generated `apiKey`) are not secrets.
 */
export const curlFor = (request: SentRequest, redactor: Redactor): string => {
  const parts = [
    'curl',
    '-sS',
    '-i',
    '-X',
    request.method,
    singleQuoted(redactor.request(request.url)),
  ]
  for (const [name, value] of Object.entries(request.headers)) {
    parts.push(
      '-H',
      isSecretHeader(name)
        ? `"${name}: $${envNameOf(name)}"`
        : singleQuoted(redactor.request(`${name}: ${value}`)),
    )
  }
  const body = request.body === undefined ? undefined : redactor.request(request.body)
  if (body !== undefined) {
    const cut = body.length > MAX_CURL_BODY
    parts.push('--data-raw', singleQuoted(cut ? body.slice(0, MAX_CURL_BODY) : body))
    if (cut) parts.push(`# body cut at ${MAX_CURL_BODY} of ${body.length} characters`)
  }
  return parts.join(' ')
}
