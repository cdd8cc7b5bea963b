import { isObject, variant } from '../wrap-mock.js'

const OFFSET_MS = 2 * 60 * 60 * 1000

/** The same instant written with a +02:00 offset. */
const atPlusTwo = (iso: string) =>
  new Date(Date.parse(iso) + OFFSET_MS).toISOString().replace(/Z$/, '+02:00')

/** Every `…At` date-time of a JSON value, rewritten. */
const shifted = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(shifted)
  if (!isObject(value)) return value
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [
      key,
      key.endsWith('At') && typeof v === 'string' ? atPlusTwo(v) : shifted(v),
    ]),
  )
}

// spec §2.2, §2.4: ISO 8601 date-times, the offset not fixed.
export default variant('date-times carry a +02:00 offset instead of Z', {
  success: { createWorker: shifted, updateWorker: shifted, updateLlmProvider: shifted },
})
