import { z } from '@hono/zod-openapi'

// ISO 8601 date-time, extended or basic format: calendar date, `T`, time to the minute or second
// with an optional fraction (`.` or `,`), and an optional offset (`Z`, `±hh`, `±hh:mm`, `±hhmm`).
// Wider than RFC 3339 (what `z.iso.datetime` checks): the spec says ISO 8601, so `…T14:00+02`
// is a valid answer and must not be a false alarm.
const DATE = String.raw`\d{4}-?(?:0[1-9]|1[0-2])-?(?:0[1-9]|[12]\d|3[01])`
const TIME = String.raw`(?:[01]\d|2[0-3]):?[0-5]\d(?::?(?:[0-5]\d|60)(?:[.,]\d+)?)?`
const OFFSET = String.raw`(?:Z|[+-](?:[01]\d|2[0-3])(?::?[0-5]\d)?)`
const ISO_8601_DATE_TIME = new RegExp(`^${DATE}T${TIME}${OFFSET}?$`)

/** An ISO 8601 date-time with any offset, as the spec promises (spec §2.2, §2.4). */
export const DateTime = z
  .string()
  .refine((value) => ISO_8601_DATE_TIME.test(value), { message: 'Invalid ISO 8601 date-time' })
  .openapi({ format: 'date-time', description: 'ISO 8601 date-time' })

/** The mock's own date-times: UTC with milliseconds. assumption: see README#assumptions */
export const MockDateTime = z.iso.datetime({ precision: 3 })
