// The one model of a secret, one floor above src/common: what is secret by its name (a field, a
// header, a parameter, a cookie), the forms a known value is found in, and the maskers every place
// that keeps or writes data goes through (docs/security.md). Everything else under src/secrets is
// its own business.
export { cookieValuesOf, credentialsOfHeader } from './cookie-values.js'
export { createCredentialMasker, credentialForms } from './credential-forms.js'
export { maskedStrings } from './masked-strings.js'
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
  secretsIn,
} from './redact.js'
export { createRememberedSecrets, type RememberedSecrets } from './remembered-secrets.js'
