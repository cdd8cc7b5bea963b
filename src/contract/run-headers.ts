import { credentialsOfHeader, isSecretHeader } from '../secrets/index.js'

/**
 * The headers a run sends with every request (`-H`), names in lowercase, and the credentials
 * among them to mask: each credential header's value whole, and its credentials (each cookie of a
 * Cookie) as a server may echo them. The contract run and the replay read their headers here.
 */
export const runHeaders = (given: Readonly<Record<string, string>> = {}) => {
  const headers = Object.fromEntries(Object.entries(given).map(([k, v]) => [k.toLowerCase(), v]))
  const credentials = Object.entries(headers)
    .filter(([name]) => isSecretHeader(name))
    .flatMap(([name, value]) => [value, ...credentialsOfHeader(name, value)])
  return { headers, credentials }
}
