import { printable } from './printable.js'

/**
 * What is wrong with the base URL the suite, the proxy or the mock's --passthrough sends to (`flag` names it), or undefined:
 * not an http(s) URL; credentials in it (they belong in a header, where they are masked and never
 * printed); a query or a fragment (each request brings its own path and query: one in the base
 * would be dropped or would garble every URL). The message never quotes a URL that holds any of them.
 */
export const baseUrlProblem = (value: string, flag: string): string | undefined => {
  const url = URL.canParse(value) ? new URL(value) : undefined
  if (!url)
    return `[worker-api-kit] ${flag} ${JSON.stringify(printable(value, 100))} is not a URL; pass an http:// or https:// URL such as https://staging.example.com.`
  if (url.username || url.password)
    return `[worker-api-kit] put credentials in a header (-H "Authorization: …"), not in ${flag}.`
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `[worker-api-kit] ${flag} must be an http:// or https:// URL; got ${printable(url.protocol, 20)}`
  if (/[?#]/.test(url.href))
    return `[worker-api-kit] ${flag} holds a query or a fragment (?…, #…); each request brings its own path and query: drop it, and put credentials in a header (-H "Authorization: …").`
  return undefined
}
