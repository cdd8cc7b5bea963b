import { isObject, variant } from '../wrap-mock.js'

/** A surrogate unit without its other half, as a UTF-8 store cannot keep it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

const stored = (value: unknown): unknown => {
  if (typeof value === 'string') return value.replace(LONE_SURROGATE, '\uFFFD')
  if (Array.isArray(value)) return value.map(stored)
  if (isObject(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, stored(v)]))
  return value
}

// RFC 8259 §8.2: what a receiver does with a lone surrogate is open; a UTF-8 store (PostgreSQL,
// MySQL utf8mb4) keeps U+FFFD in its place, and answers that.
export default variant('a lone surrogate sent is stored, and answered, as U+FFFD', {
  success: {
    createWorker: (body) => stored(body),
    updateWorker: (body) => stored(body),
    updateLlmProvider: (body) => stored(body),
  },
})
