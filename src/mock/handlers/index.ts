import { createWorker } from './create-worker.js'
import type { OperationHandlers } from './operation-handler.js'
import { updateLlmProvider } from './update-llm-provider.js'
import { updateWorker } from './update-worker.js'

export {
  type Answer,
  type HandlerInput,
  NO_PARAMS,
  type OperationHandler,
  type RequestInput,
} from './operation-handler.js'

/** The mock's answer to each operation of the API, once its request is valid. */
export const OPERATION_HANDLERS: OperationHandlers = {
  createWorker,
  updateWorker,
  updateLlmProvider,
}
