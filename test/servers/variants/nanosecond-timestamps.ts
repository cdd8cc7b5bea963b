import { isObject, variant } from '../wrap-mock.js'

/** Go's RFC3339Nano: nine fraction digits; the instance's with none (time.RFC3339). */
const rewrite = (value: unknown, fraction: (iso: string) => string): unknown =>
  isObject(value)
    ? Object.fromEntries(
        Object.entries(value).map(([key, v]) => [
          key,
          key.endsWith('At') && typeof v === 'string' ? fraction(v) : v,
        ]),
      )
    : value

const nanoseconds = (iso: string) => iso.replace(/\.(\d{3})Z$/, '.$1456789Z')
const wholeSeconds = (iso: string) => iso.replace(/\.\d+Z$/, 'Z')

// spec §2.2, §2.4: ISO 8601 date-times; their precision is not shown.
export default variant('date-times with nanoseconds (worker) and whole seconds (instance)', {
  success: {
    createWorker: (body) =>
      isObject(body)
        ? {
            ...body,
            worker: rewrite(body['worker'], nanoseconds),
            instance: rewrite(body['instance'], wholeSeconds),
          }
        : body,
    updateWorker: (body) =>
      isObject(body) ? { ...body, worker: rewrite(body['worker'], nanoseconds) } : body,
  },
})
