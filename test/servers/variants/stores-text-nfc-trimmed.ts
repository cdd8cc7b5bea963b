import { isObject, variant } from '../wrap-mock.js'

/** Every string of a value, trimmed and in Unicode NFC, as a normalizing store keeps it. */
const normalized = (value: unknown): unknown => {
  if (typeof value === 'string') return value.trim().normalize('NFC')
  if (Array.isArray(value)) return value.map(normalized)
  if (isObject(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalized(v)]))
  return value
}

/** The answer's worker as a normalizing store gives it back. */
const storedWorker = (body: unknown) =>
  isObject(body) && isObject(body['worker'])
    ? { ...body, worker: normalized(body['worker']) }
    : body

// spec §4.2, §4.3: how text is stored is not shown; trimmed NFC is the same text. The request is
// validated as sent (a name of one space has one character, spec §8), then stored normalized.
export default variant('text is stored trimmed and in Unicode NFC', {
  success: { createWorker: storedWorker, updateWorker: storedWorker },
})
