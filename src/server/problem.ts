import type { Context } from 'hono'
import { PROBLEM_CONTENT_TYPE } from '../api/content.js'
import { buildProblem } from '../api/problem-kinds.js'
import { rememberAnswerText } from '../common/answer-text.js'
import type { Problem } from '../schemas/problem.js'
import { redactText } from '../secrets/index.js'
import { answer } from './answer.js'
import { MAX_BODY_BYTES } from './defaults.js'
import { quotedPath } from './masked-path.js'

/**
 * The server layer's own problems, worded once: the host and origin guards, the admin guard, a
 * body's size, framing and media type, the routes it does not have, its own failure. The mock's
 * problems are worded beside the mock (src/mock/problems.ts), the proxy's beside the proxy.
 */
export const SERVER_PROBLEMS = {
  malformedJson: () =>
    buildProblem('malformed-json', 'The request body is not valid JSON.', [
      { pointer: '/body', message: 'Malformed JSON' },
    ]),
  brokenBody: () =>
    buildProblem(
      'malformed-json',
      'The request body ended early or its chunked framing is broken.',
      [{ pointer: '/body', message: 'Incomplete body' }],
    ),
  payloadTooLarge: () =>
    buildProblem('payload-too-large', `The request body is larger than ${MAX_BODY_BYTES} bytes.`),
  unsupportedMediaType: (contentType: string | undefined) =>
    buildProblem(
      'unsupported-media-type',
      // Quoted with its credentials by their look masked, then cut (a `token=` parameter).
      `The request body must be JSON (application/json or another +json type); got ${JSON.stringify(redactText(contentType ?? 'none').slice(0, 100))}.`,
      [{ pointer: '/headers/content-type', message: 'Expected application/json' }],
    ),
  adminUnauthorized: (hasAdminToken: boolean) =>
    buildProblem(
      'unauthorized',
      hasAdminToken
        ? 'The admin API of this mock needs its admin token: Authorization: Bearer <token> or x-mock-admin-token: <token>.'
        : 'The admin API of this mock (started with --auth) needs Authorization: Bearer <token>.',
      [{ pointer: '/headers/authorization', message: 'Missing or wrong admin token' }],
    ),
  foreignHost: (host: string) =>
    buildProblem(
      'forbidden',
      `This mock does not answer requests for host ${JSON.stringify(host.slice(0, 100))}; it answers loopback names and IP addresses, and the names given with --allowed-host (a guard against DNS rebinding).`,
      [{ pointer: '/headers/host', message: 'Host not allowed' }],
    ),
  foreignPage: (
    { header, value }: { readonly header: 'origin' | 'sec-fetch-site'; readonly value: string },
    scope: 'api' | 'admin',
    server: 'mock' | 'proxy',
  ) =>
    buildProblem(
      'forbidden',
      `${server === 'proxy' ? 'The proxy' : 'The mock'} acts on no request of a page of another site (${header === 'origin' ? `Origin ${JSON.stringify(value.slice(0, 100))}` : `Sec-Fetch-Site: ${JSON.stringify(value.slice(0, 20))} and no Origin`}): ${server === 'proxy' ? "it would reach the target with the proxy's own headers (-H)" : 'a page you visit must not change the mock you work with'}. ${scope === 'admin' ? 'The admin API answers its own pages and the origins named with --cors ORIGIN' : 'Pages on loopback origins (localhost, 127.0.0.1) are allowed'}; allow another page, such as a deployed preview, with --cors ORIGIN (docs/security.md).`,
      [{ pointer: `/headers/${header}`, message: 'A page of another site (the origin rule)' }],
    ),
  serviceWorker: () =>
    buildProblem(
      'forbidden',
      "This server serves no service worker script (Service-Worker: script): a worker on the kit's origin would outlive the page and answer for it. Register your service worker from your app's own origin.",
      [{ pointer: '/headers/service-worker', message: 'Service worker script refused' }],
    ),
  simpleAdminWrite: () =>
    buildProblem(
      'forbidden',
      'A request that changes the mock must be one a web page cannot send without a CORS preflight: send it with Content-Type: application/json, or with an x-mock-* header.',
      [
        {
          pointer: '/headers/content-type',
          message: 'Expected application/json or an x-mock-* header',
        },
      ],
    ),
  invalidHeader: (name: string, message: string) =>
    buildProblem('validation', `The ${name} header is invalid.`, [
      { pointer: `/headers/${name}`, message },
    ]),
  invalidAdminRequest: (pointer: string, message: string) =>
    buildProblem('validation', `Invalid admin request at ${pointer}.`, [{ pointer, message }]),
  routeNotFound: (method: string, path: string) =>
    buildProblem('not-found', `No route ${method} ${path}.`),
  dashboardAssetsMissing: () =>
    buildProblem(
      'not-found',
      "The dashboard's files are not in this copy of the kit; build it (npm run build) or reinstall the package. The admin API works without them.",
    ),
  dashboardAssetNotFound: () =>
    buildProblem('not-found', 'The dashboard serves a fixed list of files.'),
  methodNotAllowed: (method: string, path: string, allowed: readonly string[]) =>
    buildProblem(
      'method-not-allowed',
      `${method} is not defined on ${path}; use ${allowed.join(', ')}.`,
    ),
  internalError: () =>
    buildProblem('internal-error', 'This server failed on this request (a bug of worker-api-kit).'),
} as const

/** How a problem is answered, besides its catalogue body. */
export type ProblemAnswerOptions = {
  /**
   * The answer's status, written into the body too (a handler answers a status its route
   * declares); the problem's own status when unset.
   */
  readonly status?: number
  /** Headers besides `content-type`: `allow`, `retry-after`, `www-authenticate`, security headers. */
  readonly headers?: Readonly<Record<string, string>> | undefined
}

/**
 * The one writer of `application/problem+json` (RFC 9457 §3): the catalogue's body with
 * `instance`, the path asked, before `errors`. Given the request (`at` a Context), the answer goes
 * through `answer`: it keeps the headers earlier stages set (CORS) and its text for the journal.
 * Given only a path (a scenario rule, decided outside any request's context), it is a plain
 * Response, and its caller writes it out. Which status a route may answer is typed by the route
 * (`Answer` in handlers/operation-handler.ts), not here.
 */
export const answerProblem = (
  at: Context | string,
  { errors, ...problem }: Problem,
  { status = problem.status, headers = {} }: ProblemAnswerOptions = {},
): Response => {
  const path = quotedPath(typeof at === 'string' ? at : at.req.path)
  const text = JSON.stringify({ ...problem, status, instance: path, ...(errors ? { errors } : {}) })
  const allHeaders = { ...headers, 'content-type': PROBLEM_CONTENT_TYPE }
  return typeof at === 'string'
    ? rememberAnswerText(new Response(text, { status, headers: allHeaders }), text)
    : answer(at, text, status, allHeaders)
}
