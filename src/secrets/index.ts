// The one model of a secret, one floor above src/common: what is secret by its name (a field, a
// header, a parameter, a cookie), the forms a known value is found in, and the maskers every place
// that keeps or writes data goes through (docs/security.md). Everything else under src/secrets is
// its own business.
export { createSecretBook, type SecretBook } from './book.js'
export { cookieValuesOf, credentialsOfHeader } from './cookie-values.js'
export { maskedStrings } from './masked-strings.js'
export { isMockToken } from './mock-tokens.js'
export { isPublicValue } from './policy.js'
export {
  holdsSecret,
  isSecretHeader,
  isSecretName,
  isSecretParameter,
  maskedValueLength,
  mayHoldSecret,
  REDACTED,
  redactJson,
  redactText,
} from './redact.js'
export { secretsIn, secretsOfText } from './secrets-in.js'
