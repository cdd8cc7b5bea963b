import type { Context } from 'hono'
import { PROBLEM_CONTENT_TYPE } from '../api/content.js'
import { rememberAnswerText } from '../common/answer-text.js'
import type { Problem, ProblemError } from '../schemas/problem.js'
import { answer } from './answer.js'
import { MAX_BODY_BYTES } from './defaults.js'

/** The kinds of problem the mock reports; each has a stable `type` URI and title. */
export const PROBLEM_KINDS = {
  validation: { status: 400, title: 'Request validation failed' },
  'malformed-json': { status: 400, title: 'Malformed JSON' },
  'not-found': { status: 404, title: 'Not found' },
  'method-not-allowed': { status: 405, title: 'Method not allowed' },
  conflict: { status: 409, title: 'Conflict' },
  'payload-too-large': { status: 413, title: 'Payload too large' },
  'unsupported-media-type': { status: 415, title: 'Unsupported media type' },
  unauthorized: { status: 401, title: 'Unauthorized' },
  forbidden: { status: 403, title: 'Forbidden' },
  'rate-limited': { status: 429, title: 'Too many requests' },
  scenario: { status: 503, title: 'Scenario error' },
  'internal-error': { status: 500, title: 'Internal error' },
  'bad-gateway': { status: 502, title: 'Bad gateway' },
  'gateway-timeout': { status: 504, title: 'Gateway timeout' },
  'loop-detected': { status: 508, title: 'Loop detected' },
  'proxy-busy': { status: 503, title: 'Proxy busy' },
} as const satisfies Record<string, { status: number; title: string }>
export type ProblemKind = keyof typeof PROBLEM_KINDS

/** Kinds only a backend's failure answers (the proxy's target, the mock's --passthrough); the mock's own stages never do. */
export const PROXY_PROBLEM_KINDS: readonly ProblemKind[] = [
  'bad-gateway',
  'gateway-timeout',
  'loop-detected',
  'proxy-busy',
]

export const problemType = (kind: ProblemKind) => `urn:worker-api-kit:problem:${kind}`

/** A problem of a kind: its status is the kind's, to the type (Prism's templates carry theirs so). */
export type ProblemOf<K extends ProblemKind> = Problem & {
  readonly status: (typeof PROBLEM_KINDS)[K]['status']
}

/** A problem body of this kind; its status comes from the kind, and its type says which. */
export const buildProblem = <K extends ProblemKind>(
  kind: K,
  detail: string,
  errors?: ProblemError[],
  instance?: string,
): ProblemOf<K> => ({
  type: problemType(kind),
  title: PROBLEM_KINDS[kind].title,
  status: PROBLEM_KINDS[kind].status,
  detail,
  ...(instance === undefined ? {} : { instance }),
  ...(errors === undefined ? {} : { errors }),
})

/**
 * Every problem the mock answers, worded once: the app, the handlers, the rules and the fixtures
 * all read this catalogue, so a fixture is what the mock says. The proxy's own problems (its
 * target failed) are worded in src/proxy/proxy-problems.ts.
 */
export const PROBLEMS = {
  validation: (errors: ProblemError[]) =>
    buildProblem(
      'validation',
      `The request breaks the API's constraints at ${[...new Set(errors.map((e) => e.pointer))].join(', ')}.`,
      errors,
    ),
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
      `The request body must be JSON (application/json or another +json type); got ${JSON.stringify((contentType ?? 'none').slice(0, 100))}.`,
      [{ pointer: '/headers/content-type', message: 'Expected application/json' }],
    ),
  unauthorized: () =>
    buildProblem(
      'unauthorized',
      'This mock requires Authorization: Bearer <token>; any token works and names its user.',
      [{ pointer: '/headers/authorization', message: 'Missing or malformed bearer token' }],
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
  unknownScenarioHeader: (known: readonly string[]) =>
    PROBLEMS.invalidHeader('x-mock-scenario', `unknown scenario; known: ${known.join(', ')}`),
  invalidAdminRequest: (pointer: string, message: string) =>
    buildProblem('validation', `Invalid admin request at ${pointer}.`, [{ pointer, message }]),
  scenarioNotFound: (name: string, known: readonly string[]) =>
    buildProblem('not-found', `No scenario named ${name}; known: ${known.join(', ')}.`, [
      { pointer: '/body/name', message: 'No such scenario' },
    ]),
  workerNotFound: (id: string) =>
    buildProblem('not-found', `No worker with id ${id}.`, [
      { pointer: '/params/id', message: 'No worker with this id' },
    ]),
  organizationNotFound: (orgId: string) =>
    buildProblem('not-found', `No organization with id ${orgId}.`, [
      { pointer: '/params/orgId', message: 'No organization with this id' },
    ]),
  llmProviderNotFound: (orgId: string, llmProviderId: string) =>
    buildProblem(
      'not-found',
      `No LLM provider with id ${llmProviderId} in organization ${orgId}.`,
      [
        {
          pointer: '/params/llmProviderId',
          message: 'No LLM provider with this id in this organization',
        },
      ],
    ),
  duplicateWorker: (id: string) =>
    buildProblem('conflict', `The session has a worker with id ${id} already.`, [
      { pointer: '/body/id', message: 'A worker with this id exists; give another id or none' },
    ]),
  stateFull: (maxWorkers: number, maxBytes: number) =>
    buildProblem(
      'conflict',
      `The session keeps at most ${maxWorkers} workers and ${maxBytes} bytes of them, and this worker would pass that; the admin API drops none to make room. Delete a worker (DELETE /__mock/state/workers/{id}) or reset the session.`,
      [{ pointer: '/body', message: "Past the session's bounds" }],
    ),
  tooManyRules: (max: number, maxBytes: number) =>
    buildProblem(
      'conflict',
      `A session holds at most ${max} rules of at most ${maxBytes} bytes, its scenario's and those added at run time together (what a scenario file holds); delete one first (DELETE /__mock/rules/{id}).`,
      [{ pointer: '/body', message: 'Too many rules' }],
    ),
  exportTooLarge: (maxBytes: number) =>
    buildProblem(
      'conflict',
      `The session's provider and rules alone are larger than a scenario file may be (${maxBytes} bytes), even without its workers; delete rules (DELETE /__mock/rules/{id}) or shorten the provider's customConfigText.`,
    ),
  ruleNotFound: (id: string) =>
    buildProblem(
      'not-found',
      `No rule with id ${JSON.stringify(id.slice(0, 100))} added to this session.`,
      [{ pointer: '/params/id', message: 'No rule with this id' }],
    ),
  routeNotFound: (method: string, path: string) =>
    buildProblem(
      'not-found',
      `No route ${method} ${path}. The mock answers the API's declared operations; start it with --passthrough URL to send every other request to your backend.`,
    ),
  passthroughFailed: (target: string, reason: string) =>
    buildProblem('bad-gateway', `The --passthrough backend ${target} gave no answer: ${reason}.`),
  passthroughLoop: (target: string) =>
    buildProblem(
      'loop-detected',
      `The --passthrough backend ${target} sent this request back to the mock; point --passthrough at your backend, not at the mock.`,
    ),
  docsAssetNotFound: (name: string) =>
    buildProblem(
      'not-found',
      `The docs page has no file ${JSON.stringify(name.slice(0, 100))}; it serves a fixed list.`,
    ),
  docsAssetsMissing: () =>
    buildProblem(
      'not-found',
      "The docs page's assets (from swagger-ui-dist) are not in this copy of the kit; build it (npm run build) or reinstall the package. /openapi.json works without them.",
    ),
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
  rateLimited: (limit: number, windowMs: number, retryAfterSeconds: number) =>
    buildProblem(
      'rate-limited',
      `More than ${limit} requests in ${windowMs} ms; retry after ${retryAfterSeconds} s.`,
    ),
  scenario: (status: number, title?: string, detail?: string) => ({
    ...buildProblem('scenario', detail ?? `The scenario answers ${status} here.`),
    status,
    ...(title ? { title } : {}),
  }),
  preferred: (kind: ProblemKind) =>
    buildProblem(
      kind,
      `The request's Prefer header asked for this answer (code=${PROBLEM_KINDS[kind].status}).`,
    ),
  undeclaredPreference: (code: string, declared: readonly number[]) =>
    PROBLEMS.invalidHeader(
      'prefer',
      `code=${code} is no status this operation declares; declared: ${declared.join(', ')}`,
    ),
  internalError: () => buildProblem('internal-error', 'The mock failed on this request.'),
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
  const path = typeof at === 'string' ? at : at.req.path
  const text = JSON.stringify({ ...problem, status, instance: path, ...(errors ? { errors } : {}) })
  const allHeaders = { ...headers, 'content-type': PROBLEM_CONTENT_TYPE }
  return typeof at === 'string'
    ? rememberAnswerText(new Response(text, { status, headers: allHeaders }), text)
    : answer(at, text, status, allHeaders)
}
