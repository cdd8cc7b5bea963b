import { curlLine } from '../common/curl-line.js'
import { isSecretHeader } from '../secrets/index.js'
import type { SentRequest } from './exchange.js'
import type { Redactor } from './redactor.js'

/** Longer bodies are cut in the curl line (the JSON report keeps the excerpt). */
const MAX_CURL_BODY = 64 * 1024

/** The environment variable a redacted header value is read from: `Authorization` → `$AUTHORIZATION`. */
const envNameOf = (header: string) => header.toUpperCase().replace(/[^A-Z0-9]+/g, '_')

/**
 * One curl line that reproduces the request. Credential headers read their value from the
 * environment (`"Authorization: $AUTHORIZATION"`) and the user's credentials are masked wherever
 * else they appear, so the line is safe to print in a CI log. The body is the one the suite
 * generated, as sent: its test values (a generated `apiKey`) are not secrets.
 */
export const curlFor = (request: SentRequest, redactor: Redactor): string => {
  const body = request.body === undefined ? undefined : redactor.request(request.body)
  const cut = body !== undefined && body.length > MAX_CURL_BODY
  const line = curlLine(
    {
      method: request.method,
      url: redactor.request(request.url),
      headers: Object.entries(request.headers).map(([name, value]) =>
        isSecretHeader(name)
          ? { name, variable: envNameOf(name) }
          : { name, value: redactor.request(value) },
      ),
      body: cut ? body.slice(0, MAX_CURL_BODY) : body,
    },
    ['-sS', '-i'],
  )
  return cut ? `${line} # body cut at ${MAX_CURL_BODY} of ${body.length} characters` : line
}
