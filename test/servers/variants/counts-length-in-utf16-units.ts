import type { OperationId } from '../../../src/api/operations.js'
import { getAt, jsonResponse, variant } from '../wrap-mock.js'

/** The text maxima of spec §8, by operation and field (modelIds: each item). */
const MAXIMA: readonly { operationId: OperationId; path: string; max: number }[] = [
  { operationId: 'updateWorker', path: 'name', max: 255 },
  { operationId: 'updateLlmProvider', path: 'providerId', max: 255 },
  { operationId: 'updateLlmProvider', path: 'modelIds', max: 255 },
  { operationId: 'updateLlmProvider', path: 'apiKey', max: 65_535 },
]

const valuesAt = (json: unknown, key: string): unknown[] => {
  const value = getAt(json, [key])
  return Array.isArray(value) ? value : [value]
}

// spec §4, §8: lengths count characters, in a unit the spec does not name. JavaScript's
// string.length counts UTF-16 units, so an astral character counts twice and 255 of them are over.
export default variant('text lengths are counted in UTF-16 units (an astral character is 2)', {
  before: (request) => {
    const over = MAXIMA.find(
      ({ operationId, path, max }) =>
        request.operationId === operationId &&
        valuesAt(request.json, path).some((v) => typeof v === 'string' && v.length > max),
    )
    return over
      ? jsonResponse({ message: `${over.path}: at most ${over.max}` }, new Response(), 400)
      : undefined
  },
})
