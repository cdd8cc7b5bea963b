// The API's schemas, in plain zod: no @hono/zod-openapi here. Each names itself for the OpenAPI
// document with zod's own metadata (`.meta({ id, description })`), which zod-openapi reads as it
// reads `.openapi(id, …)` (src/api builds the document). A page that validates a form with them
// bundles zod and the schemas: @hono/zod-openapi's `z` would bring the OpenAPI extension, and,
// as it passes zod's namespace to `extendZodWithOpenApi` as a value, all 64 of zod's locales
// (391 kB minified in Vite against 79 kB for the same form with zod by hand; 87 kB now, held by
// test/toolchains/form-page-cost.test.ts).
export { DateTime, MockDateTime } from './date-time.js'
export {
  LlmProviderId,
  MemberId,
  OrgId,
  TeamId,
  WorkerId,
} from './ids.js'
export {
  LlmProvider,
  LlmProviderEnvelope,
  LlmProviderSource,
  MockLlmProvider,
  MockLlmProviderEnvelope,
  UpdateLlmProviderBody,
} from './llm-provider.js'
export { Problem, ProblemError } from './problem.js'
export {
  CreateWorkerBody,
  CreateWorkerResponse,
  Destination,
  Instance,
  Launch,
  MockCreateWorkerResponse,
  MockInstance,
  MockInstanceStatus,
  MockLaunch,
  MockLaunchMode,
  MockWorker,
  MockWorkerEnvelope,
  MockWorkerStatus,
  Tokens,
  UpdateWorkerBody,
  Worker,
  WorkerEnvelope,
} from './worker.js'
