import { buildProblem, PROBLEM_KINDS, type ProblemKind } from '../api/problem-kinds.js'
import type { ProblemError } from '../schemas/problem.js'
import { noRoute, SERVER_PROBLEMS } from '../server/index.js'

/**
 * Every problem of the mock's own, worded once: its validation, auth, state, rules, scenarios,
 * `Prefer`, docs page and `--passthrough`. The app, the handlers, the rules and the fixtures all
 * read this catalogue, so a fixture is what the mock says. What every server answers (a foreign
 * host or page, a body too large, the admin guard) is the server layer's (src/server/problem.ts).
 */
export const MOCK_PROBLEMS = {
  validation: (errors: ProblemError[]) =>
    buildProblem(
      'validation',
      `The request breaks the API's constraints at ${[...new Set(errors.map((e) => e.pointer))].join(', ')}.`,
      errors,
    ),
  unauthorized: () =>
    buildProblem(
      'unauthorized',
      'This mock requires Authorization: Bearer <token>; any token works and names its user.',
      [{ pointer: '/headers/authorization', message: 'Missing or malformed bearer token' }],
    ),
  unknownScenarioHeader: (known: readonly string[]) =>
    SERVER_PROBLEMS.invalidHeader(
      'x-mock-scenario',
      `unknown scenario; known: ${known.join(', ')}`,
    ),
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
    SERVER_PROBLEMS.invalidHeader(
      'prefer',
      `code=${code} is no status this operation declares; declared: ${declared.join(', ')}`,
    ),
  routeNotFound: (method: string, path: string) =>
    buildProblem(
      'not-found',
      `No route ${method} ${path}. The mock answers the API's declared operations; start it with --passthrough URL to send every other request to your backend.`,
    ),
} as const

/** No route in the mock: a 405 where the path is an operation's, else a 404 naming `--passthrough`. */
export const mockNoRoute = noRoute(MOCK_PROBLEMS.routeNotFound)
