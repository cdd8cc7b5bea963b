import { isKitId } from '../schemas/ids.js'

/**
 * The one table of what the kit takes for a secret, where it looks for one, and what it leaves
 * alone. Every name pattern of src/secrets reads it; docs/security.md lists it, and a test holds
 * the two together (test/secrets/policy.test.ts).
 */
export const SECRET_POLICY = {
  /**
   * A secret's field name, wherever it stands (a JSON key at any depth, a query or form field, a
   * `name: value` line): `apiKey`, `api-key`, `access_token`, `client_secret`, `password`…
   */
  fieldNames: [
    'token',
    'secret',
    'api[-_]?key',
    '(?:access|auth|client|private)[-_]?key',
    'passw(?:or)?d',
    'passphrase',
    'authorization',
    'credential',
    'cookie',
    'signature',
    'assertion', // an OAuth `client_assertion`, a SAML one: a signed credential
  ],
  /**
   * A secret's field name by its exact name (any letter case), wherever a field name stands (a JSON
   * key, a query or form field): short names that would be words inside a longer name (`passage`,
   * `author`, `inside`), so never matched as a part.
   */
  exactFieldNames: ['pass', 'pwd', 'jwt', 'auth', 'sid', 'sessionid', 'session_id', 'session-id'],
  /**
   * A credential header's name: broader than a field's, since a header carries nothing else
   * (`X-Auth`, `X-Auth-Key-Id`, `X-Client-Key`, `X-Hub-Signature-256`, `X-Session-Id`, `X-Sig`,
   * `DPoP`).
   */
  headerNames: [
    'auth',
    'key',
    'token',
    'secret',
    'passw',
    'passphrase',
    'credential',
    'cookie',
    'signature',
    'session',
    'bearer',
    'jwt',
    'csrf',
    'xsrf',
    '(?:^|-)sig(?:-|$)', // a word of the name (`X-Sig`, `X-Sig-256`), never inside one (`X-Design`)
    'dpop',
  ],
  /**
   * Query and form parameters that carry a credential by their exact name, beside every field
   * name and exact field name: short names that would be words inside a longer name (`monkey`,
   * `design`), too common as a JSON key to be a secret's there; `code` is an OAuth grant's.
   */
  parameters: ['key', 'sig', 'code'],
  /**
   * Shortest secret searched for in other text (in every form, glued to other words): a shorter
   * one would mask ordinary words, and is masked where it stands (its field, header or cookie) only.
   */
  minSearchedLength: 6,
  /**
   * A credential's parameters that are its secret besides those of a secret's name (`Signature=`,
   * `oauth_signature=`): Digest's `response` (RFC 7616). Its other parameters (`uri`, `realm`,
   * `username`, `SignedHeaders`) are public and never learnt; a credential of one parameter alone
   * (`sha256=…`) is that parameter's value.
   */
  authParameters: ['response'],
  /** An object each of whose values is a secret: a create's `tokens`. */
  objectsOfSecrets: ['tokens'],
  /** The kit's own headers: a session's or a scenario's name, a label, never a credential. */
  labels: ['x-mock-session', 'x-mock-scenario', 'x-mock-secrets'],
  /**
   * Fields a secret's name matches that the kit's schemas declare public: the provider's
   * `apiKeyLastFour` (its point is to be shown), an OAuth answer's `token_type` (`Bearer`).
   */
  publicFields: ['apiKeyLastFour', 'token_type', 'tokenType'],
  /**
   * Headers a credential header's name matches that say nothing secret: CORS's, which name headers
   * and say whether credentials may be sent (`access-control-allow-credentials: true`).
   */
  publicHeaders: [
    'access-control-allow-credentials',
    'access-control-allow-headers',
    'access-control-expose-headers',
    'access-control-request-headers',
  ],
} as const

const lower = (names: readonly string[]) => new Set(names.map((name) => name.toLowerCase()))
const PUBLIC_FIELDS = lower(SECRET_POLICY.publicFields)
const PUBLIC_HEADERS = lower(SECRET_POLICY.publicHeaders)
const LABELS = lower(SECRET_POLICY.labels)

/** Whether a field the patterns take for a secret's is one the kit declares public. */
export const isPublicField = (name: string) => PUBLIC_FIELDS.has(name.toLowerCase())

/** Whether a header is one of the kit's labels or says nothing secret (CORS). */
export const isPublicHeader = (name: string) => {
  const lowered = name.toLowerCase()
  return LABELS.has(lowered) || PUBLIC_HEADERS.has(lowered)
}

/**
 * Whether a value is public wherever it is carried: one of the kit's ids (an org id sent in a
 * cookie is still the org's id, and an export that masked it would not load again).
 */
export const isPublicValue = (value: string) => isKitId(value)
