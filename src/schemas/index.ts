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
