import type { Context } from 'hono'
import { isJsonMediaType } from '../common/media-type.js'
import { ADMIN_BEARER_CHALLENGE } from '../schemas/response-headers.js'
import { bearerToken } from './bearer-token.js'
import { isDashboardPath } from './dashboard/dashboard-path.js'
import { answerProblem, SERVER_PROBLEMS } from './problem.js'
import type { ServerEnv } from './server-env.js'

export type AdminGuardOptions = {
  /** The token the admin API requires (`Authorization: Bearer T` or `x-mock-admin-token: T`). */
  readonly adminToken?: string | undefined
  /** Auth mode: without an admin token, the admin API requires a bearer token like the API. */
  readonly auth?: boolean | undefined
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** A header a web page cannot send without a CORS preflight: JSON, an `x-mock-*`, credentials. */
const isNonSimple = (c: Context) =>
  isJsonMediaType(c.req.header('content-type')) ||
  c.req.header('authorization') !== undefined ||
  Object.keys(c.req.header()).some((name) => name.startsWith('x-mock-'))

/** Compares in time that does not depend on where the texts differ (this runs in browsers too). */
const sameToken = (given: string | undefined, expected: string) => {
  if (given === undefined || given.length !== expected.length) return false
  let difference = 0
  for (let i = 0; i < expected.length; i++)
    difference |= given.charCodeAt(i) ^ expected.charCodeAt(i)
  return difference === 0
}

/**
 * The admin API is the local developer's. Pages of other origins never reach it (the origin rule of
 * the front guard, front-guard.ts, refuses them first, unless named with `--cors ORIGIN`); over the
 * network, requests that change the mock must be non-simple too, so a page's
 * `fetch(url, { mode: 'no-cors', method: 'POST' })` or a form cannot send them, even from a
 * browser that sends neither `Origin` nor `Sec-Fetch-Site`. With an admin token, or in auth
 * mode, it needs its token too, in-process as well (`x-mock-admin-token` works for both: the
 * dashboard sends its token there, out of the way of the API's own Authorization).
 */
export const guardAdmin =
  ({ adminToken, auth }: AdminGuardOptions) =>
  <E extends ServerEnv>(c: Context<E>): Response | undefined => {
    if (c.env?.incoming !== undefined && !READS.has(c.req.method) && !isNonSimple(c))
      return answerProblem(c, SERVER_PROBLEMS.simpleAdminWrite())
    if (c.req.method === 'OPTIONS') return undefined
    // The dashboard's page and files hold no data: the page asks for the token its calls need.
    if (READS.has(c.req.method) && isDashboardPath(c.req.path)) return undefined
    const token = bearerToken(c.req.header('authorization')) ?? c.req.header('x-mock-admin-token')
    const isAllowed =
      adminToken !== undefined
        ? sameToken(token, adminToken)
        : !auth || (token !== undefined && token !== '')
    return isAllowed
      ? undefined
      : answerProblem(c, SERVER_PROBLEMS.adminUnauthorized(adminToken !== undefined), {
          headers: { 'www-authenticate': ADMIN_BEARER_CHALLENGE },
        })
  }
