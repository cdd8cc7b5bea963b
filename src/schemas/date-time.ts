import { z } from 'zod'

// ISO 8601 date-time, extended or basic format: calendar date, `T`, time to the minute or second
// with an optional fraction (`.` or `,`), and an optional offset (`Z`, `±hh`, `±hh:mm`, `±hhmm`).
// Wider than RFC 3339 (what `z.iso.datetime` checks): the spec says ISO 8601, so `…T14:00+02`
// is a valid answer and must not be a false alarm.
const DATE = String.raw`(\d{4})-?(0[1-9]|1[0-2])-?(0[1-9]|[12]\d|3[01])`
const TIME = String.raw`([01]\d|2[0-3]):?([0-5]\d)(?::?([0-5]\d|60)(?:[.,](\d+))?)?`
const OFFSET = String.raw`(Z|([+-])([01]\d|2[0-3])(?::?([0-5]\d))?)`
const ISO_8601_DATE_TIME = new RegExp(`^${DATE}T${TIME}${OFFSET}?$`)

const MINUTES_PER_DAY = 24 * 60
/** The minute of a leap second, in UTC (RFC 3339 §5.7, ISO 8601: `23:59:60`). */
const LEAP_SECOND_MINUTE = MINUTES_PER_DAY - 1

/** A date-time's fields as written; `offsetMinutes` is undefined for a local time (no offset). */
type DateTimeFields = {
  readonly year: number
  readonly month: number
  readonly day: number
  readonly hour: number
  readonly minute: number
  readonly second: number
  /** The fraction's digits, as written (`''` when none). */
  readonly fraction: string
  readonly offsetMinutes: number | undefined
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0

/** Days in a month of the (proleptic) Gregorian calendar ISO 8601 uses. */
const daysIn = (year: number, month: number) =>
  month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31

const fieldsOf = (match: RegExpExecArray): DateTimeFields => {
  const [
    ,
    year,
    month,
    day,
    hour,
    minute,
    second,
    fraction,
    offset,
    sign,
    offsetHours,
    offsetMins,
  ] = match
  const offsetMinutes =
    offset === undefined
      ? undefined
      : offset === 'Z'
        ? 0
        : (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMins ?? 0))
  return {
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour: Number(hour),
    minute: Number(minute),
    second: Number(second ?? 0),
    fraction: fraction ?? '',
    offsetMinutes,
  }
}

/**
 * The fields of an ISO 8601 date-time that is a real time on the calendar: the day exists in its
 * month (Feb 29 in leap years only), and a leap second (`:60`) falls at 23:59 UTC once the offset
 * is applied. A local time (no offset) cannot be placed in UTC, so its `:60` is taken as written.
 * Which days had a leap second is not checked (a table that IERS extends). Undefined otherwise.
 */
const dateTimeFieldsOf = (value: string): DateTimeFields | undefined => {
  const match = ISO_8601_DATE_TIME.exec(value)
  if (!match) return undefined
  const fields = fieldsOf(match)
  if (fields.day > daysIn(fields.year, fields.month)) return undefined
  if (fields.second === 60 && fields.offsetMinutes !== undefined) {
    const utcMinute =
      (((fields.hour * 60 + fields.minute - fields.offsetMinutes) % MINUTES_PER_DAY) +
        MINUTES_PER_DAY) %
      MINUTES_PER_DAY
    if (utcMinute !== LEAP_SECOND_MINUTE) return undefined
  }
  return fields
}

/**
 * The instant a date-time names, in milliseconds since the epoch (the fraction truncated, so two
 * times never compare in the wrong order), or undefined: not a date-time, or a local time, which
 * names no instant until its zone is known. A leap second counts as the last millisecond of its
 * minute.
 */
export const instantOf = (value: string): number | undefined => {
  const fields = dateTimeFieldsOf(value)
  if (fields?.offsetMinutes === undefined) return undefined
  const isLeapSecond = fields.second === 60
  const date = new Date(0)
  date.setUTCFullYear(fields.year, fields.month - 1, fields.day)
  date.setUTCHours(
    fields.hour,
    fields.minute - fields.offsetMinutes,
    isLeapSecond ? 59 : fields.second,
    isLeapSecond ? 999 : Number(fields.fraction.slice(0, 3).padEnd(3, '0')),
  )
  return date.getTime()
}

/**
 * An ISO 8601 date-time with any offset, as the spec promises (spec §2.2, §2.4), that is a real
 * time on the calendar. A time without an offset is accepted: ISO 8601 allows a local time (RFC
 * 3339 would not) and the spec says ISO 8601. assumption: see docs/limits.md#assumptions
 */
export const DateTime = z
  .string()
  .refine((value) => dateTimeFieldsOf(value) !== undefined, {
    // A 30 February is no ISO 8601 date-time either: one message for both.
    message: 'Invalid ISO 8601 date-time',
  })
  .meta({ format: 'date-time', description: 'ISO 8601 date-time' })

/** The mock's own date-times: UTC with milliseconds. assumption: see docs/limits.md#assumptions */
export const MockDateTime = z.iso.datetime({ precision: 3 })
