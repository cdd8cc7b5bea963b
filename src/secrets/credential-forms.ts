/**
 * Every form a credential can come back in: a server may echo the header value whole, the token
 * after its scheme, the user and password inside a Basic credential, or any of them URL-encoded,
 * JSON-escaped, HTML-escaped (or every character as a numeric reference), hex (either case) or
 * base64-encoded, at any offset of a longer base64 text too. Masking each of these forms wherever it
 * occurs keeps a credential given on the command line out of every output.
 */

import { base64Forms } from './base64-forms.js'
import { isPublicValue, SECRET_POLICY } from './policy.js'
import { isSecretParameter } from './redact.js'

/**
 * Longest credential searched for in every form. A longer one (a 64 KiB key someone sent) is masked
 * where it stands (its field or header) only: a pattern of all its forms would be larger than a
 * RegExp may be, and slow to build.
 */
const MAX_SEARCHED_CREDENTIAL = 1_024

/** `Bearer tok`, `Basic dXNlcjpwYXNz`, `Token tok`: a scheme word, then the credential. */
const SCHEME = /^\s*([A-Za-z][\w.+-]*)\s+(\S(?:.*\S)?)\s*$/s
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{2,3})?$/
const BASE64URL = /^[A-Za-z0-9_-]+$/
/** A decoded Basic credential: printable text with a colon. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: a credential with control characters is not text
const USER_PASS = /^([^\u0000-\u001F:]*):([^\u0000-\u001F]*)$/

// Plain code, no Buffer: the mock masks with these in browsers too (the MSW handlers).

const utf8 = (text: string) => new TextEncoder().encode(text)
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'))
const hexOf = (text: string) => {
  let out = ''
  for (const byte of utf8(text)) out += HEX[byte]
  return out
}

/** The UTF-8 text a base64 or base64url token decodes to (a trailing lone character ignored). */
const decodeBase64 = (token: string) => {
  const standard = token.replaceAll('-', '+').replaceAll('_', '/').replace(/=+$/, '')
  const whole = standard.slice(0, standard.length - (standard.length % 4 === 1 ? 1 : 0))
  const binary = atob(whole.padEnd(Math.ceil(whole.length / 4) * 4, '='))
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))
}

/** `user:pass` and its parts, when `token` is the base64 of one (RFC 7617). */
const basicParts = (token: string): string[] => {
  if (!BASE64.test(token) && !BASE64URL.test(token)) return []
  const text = decodeBase64(token)
  const match = USER_PASS.exec(text)
  return match ? [text, match[1] ?? '', match[2] ?? ''] : []
}

const jsonEscaped = (text: string) => JSON.stringify(text).slice(1, -1)
/** JSON with every non-ASCII character as `\uXXXX` (what many serializers write). */
const jsonAsciiEscaped = (text: string) =>
  jsonEscaped(text).replace(
    /[^\x20-\x7E]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
/** Every UTF-16 unit as `\\uXXXX`, as some serializers write a whole value (any case matches). */
const jsonUnitEscaped = (text: string) => {
  let out = ''
  for (let i = 0; i < text.length; i++)
    out += `\\u${text.charCodeAt(i).toString(16).padStart(4, '0')}`
  return out
}
const htmlEscaped = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')

/** Each character as an HTML numeric character reference (`&#115;`, `&#x73;`), as some escapers write all of them. */
const htmlReferences = (text: string, radix: 10 | 16) => {
  let out = ''
  for (const c of text) {
    const code = (c.codePointAt(0) ?? 0).toString(radix)
    out += radix === 10 ? `&#${code};` : `&#x${code};`
  }
  return out
}

/**
 * The URL-encoded forms of a text: none for one with an unpaired surrogate, which `encodeURI`
 * refuses (a URIError) and no URL can carry; a client may still send such a key in JSON.
 */
const urlEncodingsOf = (text: string): string[] => {
  try {
    const component = encodeURIComponent(text)
    const everyByte = hexOf(text).replace(/../g, '%$&') // as some encoders write every character
    return [component, component.replaceAll('%20', '+'), encodeURI(text), everyByte]
  } catch {
    return []
  }
}

/** Text that every URL, JSON and HTML escaper writes as it is (a token's usual characters). */
const UNESCAPED = /^[A-Za-z0-9._~-]*$/

/**
 * The ways one piece of text is written back: as is, and in each encoding a server may apply.
 * Letters match in any case, so one case of each is enough (hex, `%7E`, `&#x7e;`, `\\u007e`).
 */
const encodingsOf = (text: string): string[] => [
  text,
  ...(UNESCAPED.test(text)
    ? [hexOf(text).replace(/../g, '%$&')]
    : [
        ...urlEncodingsOf(text),
        jsonEscaped(text),
        jsonAsciiEscaped(text),
        jsonEscaped(text).replaceAll('/', '\\/'), // PHP's json_encode
        jsonEscaped(jsonEscaped(text)), // JSON inside a JSON string
        htmlEscaped(text),
      ]),
  ...base64Forms(text),
  jsonUnitEscaped(text),
  hexOf(text),
  htmlReferences(text, 10),
  htmlReferences(text, 16),
]

/** `name=value` parameters of a credential (`Signature=…` of AWS, `sha256=…` of a webhook's). */
const AUTH_PARAMETER = /(?:^|[\s,;])([A-Za-z][\w-]{0,63})=("?)([^\s",;]+)\2/g
const AUTH_PARAMETERS: ReadonlySet<string> = new Set(SECRET_POLICY.authParameters)
/** A JWT (a DPoP proof, an id token): three base64url parts, the last its signature. */
const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.([A-Za-z0-9_-]+)$/

/**
 * The parts of a credential a server may echo on their own: its secret parameters' values (the
 * value of a credential of one parameter), and a JWT's signature (its header and claims are public
 * JSON of the kind every JWT holds).
 */
const partsOf = (credential: string): string[] => {
  const parameters = [...credential.matchAll(AUTH_PARAMETER)]
  const parts = (
    parameters.length === 1
      ? parameters
      : parameters.filter(
          ([, name = '']) => isSecretParameter(name) || AUTH_PARAMETERS.has(name.toLowerCase()),
        )
  ).map((match) => match[3] ?? '')
  const signature = JWT.exec(credential.trim())?.[1]
  return signature === undefined ? parts : [...parts, signature]
}

/**
 * The parts of one credential value that are secrets of their own: the value, the token after its
 * scheme, a Basic credential's `user:pass` and its parts, its secret parameters, a JWT's signature.
 * A book searches for each as itself as long as it keeps the value (a server may echo the token
 * without its `Bearer`), and in every form while it keeps the value's forms.
 */
export const credentialParts = (value: string): string[] => {
  // A public value (one of the kit's ids, sent in a cookie) is never a credential's part.
  if (isPublicValue(value.trim())) return []
  if (value.length > MAX_SEARCHED_CREDENTIAL) return [value]
  const bases = new Set([value, value.trim()])
  const [, scheme, token] = SCHEME.exec(value) ?? []
  if (token !== undefined) bases.add(token)
  if (token !== undefined && scheme?.toLowerCase() === 'basic') {
    for (const part of basicParts(token)) bases.add(part)
  }
  for (const part of partsOf(token ?? value)) bases.add(part)
  // A cookie header's `wid=wrk_…` names one of the kit's ids, no credential.
  return [...bases].filter(
    (base) => base.length >= SECRET_POLICY.minSearchedLength && !isPublicValue(base.trim()),
  )
}

/**
 * Every form of one credential value worth searching for, longest first (so that a longer form is
 * masked whole before a shorter one inside it).
 */
export const credentialForms = (value: string): string[] => {
  if (value.length > MAX_SEARCHED_CREDENTIAL) return []
  const forms = new Set<string>()
  for (const base of credentialParts(value)) {
    for (const form of encodingsOf(base)) {
      if (form.length >= SECRET_POLICY.minSearchedLength) forms.add(form)
    }
  }
  return [...forms].sort((a, b) => b.length - a.length)
}
