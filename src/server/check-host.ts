import type { Context } from 'hono'
import { answerProblem, SERVER_PROBLEMS } from './problem.js'
import type { ServerEnv } from './server-env.js'

/**
 * Which `Host` headers the mock answers: loopback names and IP literals always, plus the names
 * given (a leading dot, `.example.test`, also allows every subdomain), or `true` for any host.
 */
export type AllowedHosts = readonly string[] | true

/** An IPv4 literal (dotted quad) or an IPv6 literal (bracketed in a Host header). */
const IP_LITERAL = /^(?:\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i

/** The host name of a Host header value, lower-cased, without its port. */
const hostNameOf = (host: string): string => {
  const lower = host.trim().toLowerCase()
  if (lower.startsWith('[')) return lower.slice(0, lower.indexOf(']') + 1)
  const colon = lower.lastIndexOf(':')
  return (colon === -1 ? lower : lower.slice(0, colon)).replace(/\.$/, '')
}

/**
 * Whether a Host header names this mock. A DNS-rebinding page reaches the mock under a domain
 * name of its own, never under an IP literal or `localhost`, so those are always safe (the rule
 * Vite's dev server adopted in 2025).
 */
const isAllowedHost = (host: string | undefined, allowed: AllowedHosts): boolean => {
  // No Host at all is no browser (every browser sends one, and a rebinding page's names its domain).
  if (allowed === true || host === undefined || host === '') return true
  const name = hostNameOf(host)
  if (IP_LITERAL.test(name) || name === 'localhost' || name.endsWith('.localhost')) return true
  return allowed.some((entry) => {
    const wanted = entry.toLowerCase()
    return wanted.startsWith('.')
      ? name === wanted.slice(1) || name.endsWith(wanted)
      : name === wanted
  })
}

/**
 * Refuses a request whose `Host` names no allowed host with a 403 problem (DNS rebinding). Only
 * requests that came over the network are checked: in-process callers (`app.request`, MSW in a
 * page) are the test or the app itself, and name whatever base URL they like.
 */
export const checkHost = (allowed: AllowedHosts) => {
  // The last Host allowed: a client sends the same one on every request, and the answer for a
  // Host never changes (the allowed names are fixed).
  let lastAllowed: string | undefined
  return <E extends ServerEnv>(c: Context<E>): Response | undefined => {
    if (allowed === true || c.env?.incoming === undefined) return undefined
    const host = c.req.header('host')
    if (host !== undefined && host === lastAllowed) return undefined
    if (!isAllowedHost(host, allowed))
      return answerProblem(c, SERVER_PROBLEMS.foreignHost(host ?? ''))
    lastAllowed = host
    return undefined
  }
}
