export type { JournalEntry } from './server/index.js'
/**
 * worker-api-kit: a mock server and contract-testing kit for the Worker and Organization LLM
 * Provider API. The names below are the ones the README tells users to import (docs/library.md#library);
 * anything not listed here is internal and may change. The subpaths `worker-api-kit/fixtures`,
 * `worker-api-kit/msw` and `worker-api-kit/vitest` have entries of their own.
 */

// ---------------------------------------------------------------------------------------------
// The mock
// ---------------------------------------------------------------------------------------------

/**
 * Builds the mock API as a Hono app. Call `app.request()` in tests: no port, isolated state.
 * Bodies over `MAX_BODY_BYTES` (1 MiB) get a 413 problem.
 * @example
 * ```ts
 * import { createMockApp } from 'worker-api-kit'
 * const app = createMockApp({ seed: 7, clock: () => Date.UTC(2026, 0, 1) })
 * const res = await app.request('/v1/workers', {
 *   method: 'POST',
 *   headers: { 'content-type': 'application/json' },
 *   body: JSON.stringify({ name: 'ci worker', destination: 'local' }),
 * })
 * // res.status === 201; app.ids.orgId is the seeded organization
 * ```
 */
export { createMockApp, MAX_BODY_BYTES } from './mock/app.js'
/**
 * The fixtures, built afresh: deterministic payloads of every kind the mock answers (a fixed
 * seed and time), each parsed by its schema. `worker-api-kit/fixtures` exports the committed
 * copies (`fixtures/*.json`) without building anything.
 * @example
 * ```ts
 * import { buildFixtures, createMockApp, FIXTURE_APP_OPTIONS } from 'worker-api-kit'
 * const { createWorkerLocal, workers, problems } = buildFixtures()
 * workers.running.worker.status // 'running'
 * problems.validation.status // 400
 * // The mock that gives createWorkerLocal for its first POST /v1/workers:
 * const app = createMockApp(FIXTURE_APP_OPTIONS)
 * ```
 */
export { buildFixtures, FIXTURE_APP_OPTIONS } from './mock/fixtures.js'
/**
 * How workers come up when a scenario gives no `lifecycle` of its own: per destination, the
 * statuses a worker goes through and from when (docs/scenarios.md#worker-lifecycle).
 * @example
 * ```ts
 * import { DEFAULT_LIFECYCLE, defineScenario } from 'worker-api-kit'
 * DEFAULT_LIFECYCLE.cloud.map((step) => step.status) // ['provisioning', 'starting', 'running']
 * // Local workers that come up at once, cloud ones as usual:
 * const instant = defineScenario({
 *   name: 'instant-local',
 *   lifecycle: { ...DEFAULT_LIFECYCLE, local: [{ afterMs: 0, status: 'running', instanceStatus: 'running' }] },
 * })
 * ```
 */
export { DEFAULT_LIFECYCLE } from './mock/lifecycle.js'
/**
 * Scenarios: data that layers state, rules (latency, faults, rate limits, canned answers) and a
 * worker lifecycle over the mock. `defineScenario` types one written in TypeScript.
 * @example
 * ```ts
 * import { createMockApp, defineScenario } from 'worker-api-kit'
 * const slowCreate = defineScenario({
 *   name: 'slow-create',
 *   rules: [{ match: { operation: 'createWorker' }, latency: { min: 500, max: 1500 } }],
 * })
 * const app = createMockApp({ scenario: slowCreate })
 * ```
 */
export { defineScenario } from './mock/scenario.js'
/** What a scenario, or a rule given to `session.use`, that the schema refuses throws: each pointer and message. */
export { ScenarioError } from './mock/scenario-error.js'
/**
 * Serves the mock over HTTP. Port 0 picks a free port.
 * @example
 * ```ts
 * import { startMockServer } from 'worker-api-kit'
 * const server = await startMockServer({ port: 0 })
 * await fetch(`${server.url}/openapi.json`)
 * await server.close()
 * ```
 */
export { startMockServer } from './mock/server.js'
/**
 * An isolated session of the mock for one test (its own state and request journal), on an app
 * in-process or on a running server. Fifty tests in parallel on one server never cross-talk.
 * @example
 * ```ts
 * import { createMockApp, createTestSession } from 'worker-api-kit'
 * const app = createMockApp()
 * const session = createTestSession(app)
 * await session.fetch('/v1/workers', {
 *   method: 'POST',
 *   headers: { 'content-type': 'application/json' },
 *   body: JSON.stringify({ name: 'w', destination: 'local' }),
 * })
 * ;(await session.requests({ operation: 'createWorker' })).length // 1
 * ```
 */
/**
 * One isolated test session for a whole test file, reset before each test: pass your runner's
 * `beforeEach` (vitest, node:test; Jest's global one is found). `session.seed()` puts it in a
 * known state in one typed call; `session.state()` is typed.
 * @example
 * ```ts
 * // beforeEach, expect, it: vitest's (or node:test's beforeEach)
 * import { createMockApp, useTestSession } from 'worker-api-kit'
 * const session = useTestSession(createMockApp(), { beforeEach })
 * it('shows a stopped worker', async () => {
 *   await session.seed({ workers: [{ name: 'gpu box', destination: 'cloud', status: 'stopped' }] })
 *   expect((await session.state()).workers[0]?.worker.status).toBe('stopped')
 * })
 * ```
 */
export { createTestSession, useTestSession } from './mock/test-session.js'

// ---------------------------------------------------------------------------------------------
// The contract suite
// ---------------------------------------------------------------------------------------------

/**
 * Whether a run exercised at least `percent` of the spec's rules: what `--min-coverage` requires.
 * @example
 * ```ts
 * import { meetsCoverage, runContract } from 'worker-api-kit'
 * const report = await runContract({ baseUrl: 'http://127.0.0.1:4010', orgId, llmProviderId })
 * report.coverage.percent // 100: every rule of the spec exercised; rows in report.coverage.rows
 * if (!meetsCoverage(report.coverage, 100)) process.exitCode = 1
 * ```
 */
export { meetsCoverage } from './contract/coverage.js'
/**
 * Runs the contract suite against any base URL (or, with `fetch`, an app in-process) and returns
 * the report as a value: no console, no exit. Throws `ContractError` (`code` `E_USAGE` or
 * `E_UNREACHABLE`) only when it cannot run at all.
 * @example
 * ```ts
 * import { ContractError, createMockApp, runContract, summarize } from 'worker-api-kit'
 * const app = createMockApp()
 * const report = await runContract({ baseUrl: 'http://mock', fetch: app.request, ...app.ids })
 * summarize(report) // { passed, failed, skipped, warned }
 * await runContract({ baseUrl: 'not a url' }).catch((error) => error instanceof ContractError) // true
 * ```
 */
export { ContractError, runContract } from './contract/index.js'
/**
 * Replays an app's recorded traffic (a HAR: the mock's `/__mock/requests.har`, a DevTools export)
 * against a target, in order, carrying the ids the target answers; judges each answer by the
 * spec's checks and against what the app saw then (docs/replay.md). Never prints, never exits.
 * @example
 * ```ts
 * import { replayRecording, summarizeReplay } from 'worker-api-kit'
 * const har = JSON.parse(await readFile('session.har', 'utf8'))
 * const report = await replayRecording({ baseUrl: 'https://staging.example.com', har, orgId, llmProviderId })
 * summarizeReplay(report).failed // 0 when staging still answers as the app saw
 * ```
 */
export { replayRecording, summarizeReplay } from './contract/replay/index.js'
/**
 * Counts a report's outcomes.
 * @example
 * ```ts
 * import { runContract, summarize } from 'worker-api-kit'
 * const report = await runContract({ baseUrl: 'http://127.0.0.1:4010', orgId, llmProviderId })
 * if (summarize(report).failed > 0) process.exitCode = 1 // { passed, failed, skipped, warned }
 * ```
 */
export { summarize } from './contract/report.js'
/**
 * A report as one self-contained HTML page (no script, no external file): what `--html` writes.
 * @example
 * ```ts
 * import { formatHtml, runContract } from 'worker-api-kit'
 * const report = await runContract({ baseUrl: 'http://127.0.0.1:4010', orgId, llmProviderId })
 * await writeFile('contract.html', formatHtml(report))
 * ```
 */
export { formatHtml } from './contract/reporters/html.js'

// ---------------------------------------------------------------------------------------------
// The proxy
// ---------------------------------------------------------------------------------------------

/**
 * The validating, recording proxy: forwards to a deployment and judges every exchange with the
 * contract's own checks (`violations` in `GET /__mock/requests`). In tests, give it the target's
 * transport (`fetch`), e.g. another app's `request`.
 * @example
 * ```ts
 * import { createMockApp, createProxyApp } from 'worker-api-kit'
 * const target = createMockApp()
 * const proxy = createProxyApp({ target: 'http://target.test', fetch: (url, init) => target.request(url, init) })
 * await proxy.request('/v1/workers', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"a","destination":"local"}' })
 * proxy.journal.list()[0]?.violations // []
 * proxy.recording.scenario() // what the target answered, as a scenario the mock loads
 * ```
 */
export { createProxyApp } from './proxy/create-proxy-app.js'
/**
 * Serves the proxy over HTTP, as `worker-api-kit proxy` does. Port 0 picks a free port.
 * @example
 * ```ts
 * import { startProxyServer } from 'worker-api-kit'
 * const proxy = await startProxyServer({ target: 'https://staging.example.com', port: 0 })
 * // point the app under test at proxy.url; GET `${proxy.url}/__mock/requests` has the verdicts
 * await proxy.close()
 * ```
 */
export { startProxyServer } from './proxy/server.js'

// ---------------------------------------------------------------------------------------------
// The API: its document and its schemas
// ---------------------------------------------------------------------------------------------

/**
 * The OpenAPI 3.1 document generated from the schemas (the same one as `openapi/openapi.json`).
 * @example
 * ```ts
 * import { buildOpenApiDocument } from 'worker-api-kit'
 * const doc = buildOpenApiDocument('https://staging.example.com')
 * Object.keys(doc.paths ?? {}) // ['/v1/workers', '/v1/workers/{id}', ...]
 * ```
 */
export { buildOpenApiDocument } from './api/document.js'
/**
 * Zod schemas of the API (plain names: the spec) and of the mock's own choices (`Mock*`), each
 * with its inferred type of the same name.
 * @example
 * ```ts
 * import { CreateWorkerBody, type Worker } from 'worker-api-kit'
 * CreateWorkerBody.safeParse({ name: '', destination: 'local' }).success // false
 * ```
 */
export {
  CreateWorkerBody,
  CreateWorkerResponse,
  DateTime,
  Destination,
  Instance,
  Launch,
  LlmProvider,
  LlmProviderEnvelope,
  LlmProviderId,
  LlmProviderSource,
  MemberId,
  MockCreateWorkerResponse,
  MockDateTime,
  MockInstance,
  MockInstanceStatus,
  MockLaunch,
  MockLaunchMode,
  MockLlmProvider,
  MockLlmProviderEnvelope,
  MockWorker,
  MockWorkerEnvelope,
  MockWorkerStatus,
  OrgId,
  Problem,
  ProblemError,
  TeamId,
  Tokens,
  UpdateLlmProviderBody,
  UpdateWorkerBody,
  Worker,
  WorkerEnvelope,
  WorkerId,
} from './schemas/index.js'

// ---------------------------------------------------------------------------------------------
// Types: what the functions above take and give, for annotations in users' code
// ---------------------------------------------------------------------------------------------

export type { Coverage } from './contract/coverage.js'
export type { ContractOptions, Report } from './contract/index.js'
export type {
  ConsumerFinding,
  ReplayedExchange,
  ReplayOptions,
  ReplayReport,
  ReplaySummary,
} from './contract/replay/index.js'
export type { Summary } from './contract/report.js'
export type { MockApp, MockAppOptions } from './mock/app.js'
export type { Fixtures } from './mock/fixture-files.js'
export type { ScenarioInput } from './mock/scenario.js'
export type { MockServer, MockServerOptions } from './mock/server.js'
export type {
  BeforeEachHook,
  MockState,
  MockTarget,
  SeedState,
  SessionFetch,
  SessionRule,
  TestSession,
  TestSessionOptions,
  UseTestSessionOptions,
} from './mock/test-session.js'
export type { ProxyApp, ProxyAppOptions } from './proxy/create-proxy-app.js'
export type { ProxyServer, ProxyServerOptions } from './proxy/server.js'
