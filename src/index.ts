/**
 * worker-api-kit: a mock server and contract-testing kit for the Worker and Organization LLM
 * Provider API. Explicit named exports only; anything not listed here is internal.
 */

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
 * The three operations as `createRoute()` declarations: method, path, request and responses.
 * @example
 * ```ts
 * import { operations } from 'worker-api-kit'
 * operations.map((o) => `${o.method.toUpperCase()} ${o.path}`)
 * ```
 */
export {
  createWorker,
  type Operation,
  type OperationId,
  operations,
  updateLlmProvider,
  updateWorker,
} from './api/operations.js'
export type { Check, CheckInput, Verdict } from './contract/check.js'
export { checks } from './contract/checks/index.js'
export { ContractError } from './contract/contract-error.js'
/**
 * The run's rule coverage (`report.coverage`): every rule of the spec × what the run did about it.
 * @example
 * ```ts
 * import { meetsCoverage, runContract } from 'worker-api-kit'
 * const report = await runContract({ baseUrl: 'http://127.0.0.1:4010', orgId, llmProviderId })
 * if (!meetsCoverage(report.coverage, 100)) process.exitCode = 1
 * ```
 */
export {
  type Coverage,
  type CoverageRow,
  type CoverageVerdict,
  meetsCoverage,
} from './contract/coverage.js'
export type { Violation } from './contract/index.js'
export type {
  CheckResult,
  Exchange,
  ExchangeSummary,
  Finding,
  Outcome,
  Report,
  Summary,
} from './contract/report.js'
/**
 * Turns a report into text: the console report, JSON, JUnit XML, a self-contained HTML page, and
 * the closing summary line.
 * @example
 * ```ts
 * import { formatJunit, formatReport, runContract } from 'worker-api-kit'
 * const report = await runContract({ baseUrl: 'http://127.0.0.1:4010' })
 * console.log(formatReport(report)) // ends with "N passed, N failed, N skipped"
 * await writeFile('contract.xml', formatJunit(report))
 * ```
 */
export { summarize, summaryLine } from './contract/report.js'
export { formatFailures, formatReport, formatResultLine } from './contract/reporters/console.js'
export { formatHtml } from './contract/reporters/html.js'
export { formatJson } from './contract/reporters/json.js'
export { formatJunit } from './contract/reporters/junit.js'
/**
 * Runs the contract suite against any base URL (or, with `fetch`, an app in-process) and returns
 * the report as a value: no console, no exit. Throws `ContractError` only when it cannot run.
 * @example
 * ```ts
 * import { runContract, summarize } from 'worker-api-kit'
 * const report = await runContract({ baseUrl: 'http://127.0.0.1:4010', orgId, llmProviderId })
 * if (summarize(report).failed > 0) process.exitCode = 1
 * ```
 */
export {
  CONTRACT_DEFAULTS,
  type ContractOptions,
  runContract,
} from './contract/runner.js'
export type { MockControl } from './mock/admin.js'
/**
 * Builds the mock API as a Hono app. Call `app.request()` in tests: no port, isolated state.
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
export {
  createMockApp,
  MAX_BODY_BYTES,
  type MockApp,
  type MockAppOptions,
  type MockLimits,
} from './mock/app.js'
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
export type {
  FixtureProblemKind,
  Fixtures,
  FixturesManifest,
} from './mock/fixture-files.js'
export {
  buildFixtures,
  FIXTURE_APP_OPTIONS,
  FIXTURE_CLOCK_MS,
  FIXTURE_SEED,
} from './mock/fixtures.js'
export type { JournalEntry } from './mock/journal.js'
export { DEFAULT_LIFECYCLE, Lifecycle, type LifecycleStep } from './mock/lifecycle.js'
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
export {
  defineScenario,
  Rule,
  Scenario,
  type ScenarioInput,
} from './mock/scenario.js'
export { ScenarioError } from './mock/scenario-error.js'
export { loadScenarioFile, shippedScenarios } from './mock/scenario-registry.js'
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
export {
  type MockServer,
  type MockServerOptions,
  startMockServer,
} from './mock/server.js'
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
export {
  createTestSession,
  type MockTarget,
  type TestSession,
  type TestSessionOptions,
} from './mock/test-session.js'
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
export {
  createProxyApp,
  type ProxyApp,
  type ProxyAppOptions,
} from './proxy/create-proxy-app.js'
export { type ProxyServer, type ProxyServerOptions, startProxyServer } from './proxy/server.js'

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
  ID_PREFIX,
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
  typeId,
  typeIdLength,
  UpdateLlmProviderBody,
  UpdateWorkerBody,
  Worker,
  WorkerEnvelope,
  WorkerId,
} from './schemas/index.js'
