import { z } from 'zod'

// Optional in the document: the mock sends them with its own 401 and 429, but a scenario rule
// answering a bare `problem` of that status sends only what the rule says.

/** The challenge the mock sends with a 401 in auth mode (RFC 6750 §3). */
export const BEARER_CHALLENGE = 'Bearer realm="worker-api-kit"'
/** The challenge the admin API sends with its 401 (`--admin-token`, or auth mode). */
export const ADMIN_BEARER_CHALLENGE = 'Bearer realm="worker-api-kit admin"'

/** `Retry-After` of a 429: delay-seconds (RFC 9110 §10.2.3, RFC 6585 §4), the form the mock sends. */
export const RetryAfter = z.int().nonnegative().optional().meta({
  description:
    'Seconds to wait before retrying (RFC 9110 §10.2.3, delay-seconds). Sent with every 429 of a scenario rate limit.',
  example: 30,
})

/** `WWW-Authenticate` of a 401: the scheme the client must use (RFC 9110 §11.6.1). */
export const WwwAuthenticate = z.string().min(1).optional().meta({
  description:
    'The authentication scheme to use, a bearer token (RFC 6750 §3). Sent with every 401 of auth mode.',
  example: BEARER_CHALLENGE,
})
