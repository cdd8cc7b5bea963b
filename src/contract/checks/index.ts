import type { Check } from '../check.js'
import { acceptsValidInput } from './accepts-valid-input.js'
import { createEchoesInput } from './create-echoes-input.js'
import { createReturnsNewId } from './create-returns-new-id.js'
import { createdIsMine } from './created-is-mine.js'
import { createsShareOwner } from './creates-share-owner.js'
import { isMineUnchanged } from './is-mine-unchanged.js'
import { noLoneSurrogates } from './no-lone-surrogates.js'
import { noServerError } from './no-server-error.js'
import { rejectsInvalidInput } from './rejects-invalid-input.js'
import { renameKeepsWorker } from './rename-keeps-worker.js'
import { renameUpdatedAtNotEarlier } from './rename-updated-at-not-earlier.js'
import { responds } from './responds.js'
import { responseSchema } from './response-schema.js'
import { secretNotEchoed } from './secret-not-echoed.js'
import { strictProblemDetails } from './strict-problem-details.js'
import { strictStatusCodes } from './strict-status-codes.js'
import { strictTypeIds } from './strict-typeids.js'
import { successIsJson } from './success-is-json.js'
import { tokensNotEmpty } from './tokens-not-empty.js'
import { uniqueJsonNames } from './unique-json-names.js'
import { unknownIdRejected } from './unknown-id-rejected.js'
import { updateAppliesName } from './update-applies-name.js'
import { updatedNotBeforeCreated } from './updated-not-before-created.js'

/** Every check, in the order the report lists them. */
export const checks: readonly Check[] = [
  responds,
  noServerError,
  acceptsValidInput,
  rejectsInvalidInput,
  successIsJson,
  uniqueJsonNames,
  noLoneSurrogates,
  responseSchema,
  updatedNotBeforeCreated,
  tokensNotEmpty,
  createEchoesInput,
  createdIsMine,
  updateAppliesName,
  createReturnsNewId,
  createsShareOwner,
  renameKeepsWorker,
  isMineUnchanged,
  renameUpdatedAtNotEarlier,
  unknownIdRejected,
  secretNotEchoed,
  strictStatusCodes,
  strictProblemDetails,
  strictTypeIds,
]
