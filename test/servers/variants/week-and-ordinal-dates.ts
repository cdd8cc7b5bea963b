import { isObject, variant } from '../wrap-mock.js'

const MS_PER_DAY = 86_400_000

/** The ISO 8601 ordinal date of an instant, to the minute, in UTC: 2026-332T14:05Z. */
const ordinal = (iso: string) => {
  const at = new Date(Date.parse(iso))
  const year = at.getUTCFullYear()
  const day = Math.floor((at.getTime() - Date.UTC(year, 0, 1)) / MS_PER_DAY) + 1
  return `${year}-${String(day).padStart(3, '0')}T${iso.slice(11, 16)}Z`
}

/** The ISO 8601 week date of an instant, to the hour with a decimal fraction: 2026-W48-6T14,5Z. */
const week = (iso: string) => {
  const at = new Date(Date.parse(iso))
  const day = Math.floor(at.getTime() / MS_PER_DAY)
  const weekday = ((day + 3) % 7) + 1 // 1970-01-01 was a Thursday
  const thursday = day - weekday + 4 // the week's Thursday names its year
  const year = new Date(thursday * MS_PER_DAY).getUTCFullYear()
  const weekNumber = Math.floor((thursday - Date.UTC(year, 0, 1) / MS_PER_DAY) / 7) + 1
  // The fraction truncated, never rounded up: a time is never written later than it was.
  const tenThousandths = Math.floor(((at.getTime() % MS_PER_DAY) / 3_600_000) * 10_000)
  const whole = String(Math.floor(tenThousandths / 10_000)).padStart(2, '0')
  const fraction = String(tenThousandths % 10_000).padStart(4, '0')
  return `${year}-W${String(weekNumber).padStart(2, '0')}-${weekday}T${whole},${fraction}Z`
}

const rewritten = (value: unknown): unknown => {
  if (!isObject(value)) return value
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [
      key,
      typeof v !== 'string' || !key.endsWith('At')
        ? rewritten(v)
        : key.startsWith('created')
          ? ordinal(v)
          : week(v),
    ]),
  )
}

// spec §2.2, §2.4: ISO 8601 date-times. ISO 8601 writes a date as a calendar, an ordinal or a week
// date, and a time to the hour, the minute or the second, with a fraction on the last unit.
export default variant(
  'date-times as ISO 8601 ordinal dates (createdAt) and week dates to a fraction of the hour',
  { success: { createWorker: rewritten, updateWorker: rewritten } },
)
