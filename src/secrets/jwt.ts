/**
 * A JWT (three base64url parts, the first a JSON header, so `eyJ…`): a credential by its look
 * wherever it stands. The book learns each one it sees (secrets-in.ts); the name-based pass masks
 * one it has not (redact.ts), in a path, a log line or a problem that quotes either.
 */
export const JWT_IN_TEXT =
  /\beyJ[A-Za-z0-9_-]{2,8192}\.[A-Za-z0-9_-]{2,8192}\.[A-Za-z0-9_-]{8,8192}/g
