import { isObject, variant } from '../wrap-mock.js'

const local = (iso: string) => iso.replace(/Z$/, '')

const rewritten = (value: unknown): unknown => {
  if (!isObject(value)) return value
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [
      key,
      key.endsWith('At') && typeof v === 'string' ? local(v) : rewritten(v),
    ]),
  )
}

// spec §2.2, §2.4: ISO 8601 date-times; ISO 8601 allows a local time with no offset (RFC 3339
// would not). The suite accepts it and compares no such times. assumption: see docs/limits.md#assumptions
export default variant('date-times without an offset (ISO 8601 local time)', {
  success: { createWorker: rewritten, updateWorker: rewritten },
})
