export { DateTime, MockDateTime } from './date-time.js'
export {
  ID_PREFIX,
  type IdPrefix,
  LlmProviderId,
  MemberId,
  OrgId,
  TeamId,
  typeId,
  typeIdLength,
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
