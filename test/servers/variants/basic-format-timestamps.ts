import { isObject, variant } from '../wrap-mock.js'

const OFFSET_MS = 2 * 60 * 60 * 1000

/** The same instant in ISO 8601 basic format, whole seconds, offset +0200: 20260101T020000+0200. */
const basic = (iso: string) =>
  new Date(Date.parse(iso) + OFFSET_MS)
    .toISOString()
    .replace(/\.\d+Z$/, '+0200')
    .replaceAll('-', '')
    .replaceAll(':', '')

const rewritten = (value: unknown): unknown => {
  if (!isObject(value)) return value
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [
      key,
      key.endsWith('At') && typeof v === 'string' ? basic(v) : rewritten(v),
    ]),
  )
}

// spec §2.2, §2.4: ISO 8601 date-times; the basic format is ISO 8601 too.
export default variant('date-times in ISO 8601 basic format with a +0200 offset, whole seconds', {
  success: { createWorker: rewritten, updateWorker: rewritten },
})
