/**
 * The media type of a Content-Type value, lower-cased, without its parameters (the "essence" of
 * RFC 9110 §8.3.1 and the Fetch standard): `'Application/JSON; charset=utf-8'` → `'application/json'`.
 * Type and subtype are case-insensitive (RFC 9110 §8.3.1); `''` when there is none.
 */
export const mediaType = (contentType: string | undefined): string =>
  (contentType ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? ''

// RFC 6838 §4.2 restricted-name characters before a `+json` structured syntax suffix (RFC 6839 §3.1).
const JSON_ESSENCE = /^application\/(?:[a-z0-9!#$&^_.+-]+\+)?json$/

/**
 * Whether a Content-Type names JSON: `application/json` or another `application/…+json` type
 * (`merge-patch+json`, `problem+json`), with any parameters. Not `text/json`, `application/jsonp`
 * or `application/json-seq`: the one grammar the mock, the contract suite and the proxy read.
 */
export const isJsonMediaType = (contentType: string | undefined): boolean =>
  JSON_ESSENCE.test(mediaType(contentType))

// RFC 9110 §5.6.2 token, §5.6.4 quoted-string, §5.6.6 parameters (empty ones allowed).
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+"
const QUOTED_STRING = '"(?:[^"\\\\]|\\\\.)*"'
const PARAMETERS = new RegExp(
  `^(?:[ \\t]*;[ \\t]*(?:${TOKEN}=(?:${TOKEN}|${QUOTED_STRING}))?)*[ \\t]*$`,
)

/**
 * Whether a Content-Type is a JSON media type whose parameters are well formed: what a JSON request
 * body may be sent with (`application/json; charset=utf-8`, `application/merge-patch+json`); any
 * other body is a 415.
 */
export const isJsonRequestType = (contentType: string | undefined): boolean => {
  if (!isJsonMediaType(contentType) || contentType === undefined) return false
  const semicolon = contentType.indexOf(';')
  return semicolon === -1 || PARAMETERS.test(contentType.slice(semicolon))
}
