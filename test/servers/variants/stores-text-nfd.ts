import { isObject, variant } from '../wrap-mock.js'

/** Every string of a value in Unicode NFD (é as e and a combining acute), as macOS file names are. */
const decomposed = (value: unknown): unknown => {
  if (typeof value === 'string') return value.normalize('NFD')
  if (Array.isArray(value)) return value.map(decomposed)
  if (isObject(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, decomposed(v)]))
  return value
}

const storedWorker = (body: unknown) =>
  isObject(body) && isObject(body['worker'])
    ? { ...body, worker: decomposed(body['worker']) }
    : body

// spec §4.2, §4.3: how text is stored is not shown; NFD is the same text as NFC, other code points.
export default variant('text is stored and answered in Unicode NFD', {
  success: { createWorker: storedWorker, updateWorker: storedWorker },
})
