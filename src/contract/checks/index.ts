import type { Check } from '../check.js'
import { acceptsValidInput } from './accepts-valid-input.js'
import { createEchoesInput } from './create-echoes-input.js'
import { createReturnsNewId } from './create-returns-new-id.js'
import { noServerError } from './no-server-error.js'
import { rejectsInvalidInput } from './rejects-invalid-input.js'
import { renameKeepsWorker } from './rename-keeps-worker.js'
import { responds } from './responds.js'
import { responseSchema } from './response-schema.js'
import { secretNotEchoed } from './secret-not-echoed.js'
import { strictProblemDetails } from './strict-problem-details.js'
import { strictStatusCodes } from './strict-status-codes.js'
import { strictTypeIds } from './strict-typeids.js'
import { successIsJson } from './success-is-json.js'
import { unknownIdRejected } from './unknown-id-rejected.js'
import { updateAppliesName } from './update-applies-name.js'

/** Every check, in the order the report lists them. */
export const checks: readonly Check[] = [
  responds,
  noServerError,
  acceptsValidInput,
  rejectsInvalidInput,
  successIsJson,
  responseSchema,
  createEchoesInput,
  updateAppliesName,
  createReturnsNewId,
  renameKeepsWorker,
  unknownIdRejected,
  secretNotEchoed,
  strictStatusCodes,
  strictProblemDetails,
  strictTypeIds,
]
