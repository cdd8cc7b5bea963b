import { isObject, variant } from '../wrap-mock.js'

/** Every string of the request, trimmed and in Unicode NFC, as a normalizing store keeps it. */
const normalized = (value: unknown): unknown => {
  if (typeof value === 'string') return value.trim().normalize('NFC')
  if (Array.isArray(value)) return value.map(normalized)
  if (isObject(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalized(v)]))
  return value
}

// spec §4.2, §4.3: how text is stored is not shown; trimmed NFC is the same text.
export default variant('text is stored trimmed and in Unicode NFC', {
  before: (request) =>
    request.operationId === 'createWorker' || request.operationId === 'updateWorker'
      ? { json: normalized(request.json) }
      : undefined,
})
