const BEARER = /^Bearer[ \t]+([A-Za-z0-9\-._~+/]+=*)$/i

/** The bearer token of an Authorization header (RFC 6750 §2.1), or undefined. */
export const bearerToken = (header: string | undefined): string | undefined =>
  header?.trim().match(BEARER)?.[1]
