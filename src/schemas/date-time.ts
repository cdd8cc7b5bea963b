import { z } from 'zod'

// ISO 8601 date-time (ISO 8601-1:2019 with its 2022 amendment), read in full both ways. A complete
// date, `T`, then a time of day and an optional offset, all in the extended format (`-`, `:`) or
// all in the basic format (none): a mix of the two (`14:00:00-0530`) is no ISO 8601.
// - the date: calendar (`2026-11-28`), ordinal (`2026-332`) or week (`2026-W48-6`);
// - the time: to the hour, the minute or the second (`14`, `14:00`, `14:00:00`), a decimal fraction
//   (`.` or `,`) on its last unit only; `24:00` (`24`, `24:00:00`) is the end of the day;
// - the offset: `Z`, `±hh`, or `±hh:mm` (extended) / `±hhmm` (basic).
// Wider than RFC 3339 (what `z.iso.datetime` checks): the spec says ISO 8601, so `…T14:00+02` is a
// valid answer and must not be a false alarm; narrower where ISO 8601 is (an expanded year needs an
// agreement the spec does not make).
const EXTENDED =
  /^(\d{4})-(?:(\d{2})-(\d{2})|(\d{3})|W(\d{2})-(\d))T(\d{2})(?::(\d{2})(?::(\d{2}))?)?(?:[.,](\d+))?(Z|[+-]\d{2}(?::\d{2})?)?$/
const BASIC =
  /^(\d{4})(?:(\d{2})(\d{2})|(\d{3})|W(\d{2})(\d))T(\d{2})(?:(\d{2})(\d{2})?)?(?:[.,](\d+))?(Z|[+-]\d{2}(?:\d{2})?)?$/

/**
 * Both formats as one regular expression's source, for tools that match by pattern (a Pact file's
 * matchers): the shape alone; that the date is on the calendar is `DateTime`'s to check.
 */
export const DATE_TIME_PATTERN = `${EXTENDED.source}|${BASIC.source}`

const MINUTES_PER_DAY = 24 * 60
const MS_PER_DAY = MINUTES_PER_DAY * 60_000
/** The minute of a leap second, in UTC (RFC 3339 §5.7, ISO 8601: `23:59:60`). */
const LEAP_SECOND_MINUTE = MINUTES_PER_DAY - 1

/** A date-time's fields as read; `offsetMinutes` is undefined for a local time (no offset). */
type DateTimeFields = {
  /** Days since 1970-01-01 of the date (the proleptic Gregorian calendar ISO 8601 uses). */
  readonly day: number
  /** Milliseconds into the day, the fraction truncated to milliseconds (`24:00` is a whole day). */
  readonly time: number
  /** A leap second (`:60`), which the instant counts as the last millisecond of its minute. */
  readonly isLeapSecond: boolean
  readonly offsetMinutes: number | undefined
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0

/** Days in a month of the (proleptic) Gregorian calendar. */
const daysIn = (year: number, month: number) =>
  month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31

const dayOf = (year: number, month: number, day: number) =>
  Date.UTC(year, month - 1, day) / MS_PER_DAY

/** ISO weekday (1 = Monday … 7 = Sunday) of a day since the epoch (1970-01-01 was a Thursday). */
const weekdayOf = (day: number) => ((((day + 3) % 7) + 7) % 7) + 1

/** Weeks in an ISO week-numbering year: 53 when it starts on a Thursday, or a leap year on a Wednesday. */
const weeksIn = (year: number) => {
  const first = weekdayOf(dayOf(year, 1, 1))
  return first === 4 || (isLeapYear(year) && first === 3) ? 53 : 52
}

/** The day a date names, or undefined when there is no such day (`2026-02-30`, `2026-366`, `2026-W53`). */
const dateOf = (
  year: number,
  [month, dayOfMonth, ordinal, week, weekday]: (string | undefined)[],
): number | undefined => {
  if (month !== undefined && dayOfMonth !== undefined) {
    const [m, d] = [Number(month), Number(dayOfMonth)]
    return m >= 1 && m <= 12 && d >= 1 && d <= daysIn(year, m) ? dayOf(year, m, d) : undefined
  }
  if (ordinal !== undefined) {
    const n = Number(ordinal)
    return n >= 1 && n <= (isLeapYear(year) ? 366 : 365) ? dayOf(year, 1, n) : undefined
  }
  const [w, d] = [Number(week), Number(weekday)]
  if (w < 1 || w > weeksIn(year) || d < 1 || d > 7) return undefined
  // Week 1 is the week that holds 4 January.
  const january4 = dayOf(year, 1, 4)
  return january4 - (weekdayOf(january4) - 1) + (w - 1) * 7 + (d - 1)
}

/** Milliseconds into the day of a time, and whether it is a leap second; undefined if no such time. */
const timeOf = ([hour, minute, second, fraction]: (string | undefined)[]):
  | { time: number; isLeapSecond: boolean }
  | undefined => {
  const [h, m, sec] = [Number(hour), Number(minute ?? 0), Number(second ?? 0)]
  const digits = fraction ?? ''
  // The fraction is of the last unit written: an hour's, a minute's or a second's.
  const unit = second !== undefined ? 1_000 : minute !== undefined ? 60_000 : 3_600_000
  const part = digits === '' ? 0 : Math.trunc(Number(`0.${digits}`) * unit)
  if (h === 24)
    return m === 0 && sec === 0 && /^0*$/.test(digits)
      ? { time: MS_PER_DAY, isLeapSecond: false }
      : undefined
  if (h > 23 || m > 59 || sec > 60) return undefined
  // A leap second is placed at its minute's 59th second; the instant adds the rest (instantOf).
  if (sec === 60) return { time: (h * 60 + m) * 60_000 + 59_000, isLeapSecond: true }
  return { time: (h * 60 + m) * 60_000 + sec * 1_000 + part, isLeapSecond: false }
}

/** Minutes east of UTC of an offset (`Z`, `+02`, `-05:30`, `+0530`); undefined for none, NaN for no such offset. */
const offsetOf = (offset: string | undefined): number | undefined => {
  if (offset === undefined) return undefined
  if (offset === 'Z') return 0
  const digits = offset.slice(1).replace(':', '')
  const [hours, minutes] = [Number(digits.slice(0, 2)), Number(digits.slice(2) || 0)]
  if (hours > 23 || minutes > 59) return Number.NaN
  return (offset.startsWith('-') ? -1 : 1) * (hours * 60 + minutes)
}

/**
 * The fields of an ISO 8601 date-time that is a real time on the calendar: the day exists, and a
 * leap second (`:60`) falls at 23:59 UTC once the offset is applied. A local time (no offset)
 * cannot be placed in UTC, so its `:60` is taken at 23:59 as written. Which days had a leap second
 * is not checked (a table that IERS extends). Undefined otherwise.
 */
const dateTimeFieldsOf = (value: string): DateTimeFields | undefined => {
  const match = EXTENDED.exec(value) ?? BASIC.exec(value)
  if (!match) return undefined
  const [
    ,
    year,
    month,
    dayOfMonth,
    ordinal,
    week,
    weekday,
    hour,
    minute,
    second,
    fraction,
    offset,
  ] = match
  const day = dateOf(Number(year), [month, dayOfMonth, ordinal, week, weekday])
  const time = timeOf([hour, minute, second, fraction])
  const offsetMinutes = offsetOf(offset)
  if (day === undefined || time === undefined || Number.isNaN(offsetMinutes)) return undefined
  if (time.isLeapSecond) {
    const minuteOfDay = Math.floor(time.time / 60_000) - (offsetMinutes ?? 0)
    const utcMinute = ((minuteOfDay % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY
    if (utcMinute !== LEAP_SECOND_MINUTE) return undefined
  }
  return { day, time: time.time, isLeapSecond: time.isLeapSecond, offsetMinutes }
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
  const leap = fields.isLeapSecond ? 999 : 0
  return fields.day * MS_PER_DAY + fields.time + leap - fields.offsetMinutes * 60_000
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
