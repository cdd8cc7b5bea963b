import { isSecretHeader, type Redactor, redactJson } from '../common/redact.js'
import type { SentRequest } from './report.js'

/** Longer bodies are cut in the curl line (the JSON report keeps the excerpt). */
const MAX_CURL_BODY = 64 * 1024

const singleQuoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`

/** The environment variable a redacted header value is read from: `Authorization` → `$AUTHORIZATION`. */
export const envNameOf = (header: string) => header.toUpperCase().replace(/[^A-Z0-9]+/g, '_')

/** The request body with secrets masked: `apiKey` and tokens by key, known secrets in text. */
export const redactBody = (body: string | undefined, redactor: Redactor): string | undefined => {
  if (body === undefined) return undefined
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    return redactor.text(body)
  }
  return redactor.text(JSON.stringify(redactJson(json)))
}

/**
 * One curl line that reproduces the request. Credential headers read their value from the
 * environment (`"Authorization: $AUTHORIZATION"`) and secret body fields are masked, so the line
 * is safe to print in a CI log.
 */
export const curlFor = (request: SentRequest, redactor: Redactor): string => {
  const parts = ['curl', '-sS', '-i', '-X', request.method, singleQuoted(request.url)]
  for (const [name, value] of Object.entries(request.headers)) {
    parts.push(
      '-H',
      isSecretHeader(name)
        ? `"${name}: $${envNameOf(name)}"`
        : singleQuoted(redactor.text(`${name}: ${value}`)),
    )
  }
  const body = redactBody(request.body, redactor)
  if (body !== undefined) {
    const cut = body.length > MAX_CURL_BODY
    parts.push('--data-raw', singleQuoted(cut ? body.slice(0, MAX_CURL_BODY) : body))
    if (cut) parts.push(`# body cut at ${MAX_CURL_BODY} of ${body.length} characters`)
  }
  return parts.join(' ')
}
