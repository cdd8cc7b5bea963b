import { createWorker } from './create-worker.js'
import type { OperationHandlers } from './operation-handler.js'
import { updateLlmProvider } from './update-llm-provider.js'
import { updateWorker } from './update-worker.js'

/** The mock's answer to each operation of the API, once its request is valid. */
export const OPERATION_HANDLERS: OperationHandlers = {
  createWorker,
  updateWorker,
  updateLlmProvider,
}
