import { describe, expect, it } from 'vitest'
import { DateTime, instantOf, MockDateTime } from '../../src/schemas/date-time.js'

describe('DateTime', () => {
  it.each([
    '2026-01-01T14:00:00Z',
    '2026-01-01T14:00:00.123456Z',
    '2026-01-01T14:00:00.123456789Z',
    '2026-01-01T14:00:00+02:00',
    '2026-01-01T14:00:00+02',
    '20260101T140000-0530',
    '2026-01-01T14:00Z',
    // ISO 8601 read in full: ordinal and week dates, reduced precision, a fraction on the last
    // unit written, the end of the day.
    '2026-332T14:00:00Z',
    '2026332T1400Z',
    '2024-366T00:00Z',
    '2026-W48-6T14:00:00Z',
    '2026W486T140000Z',
    '2020-W53-7T00:00Z',
    '2026-11-28T14Z',
    '2026-11-28T14,5Z',
    '2026-11-28T14:30.25Z',
    '2026-01-01T24:00:00Z',
    '2026-01-01T24:00Z',
    '2026-01-01T24Z',
    '2026-01-01T14:00:00,5Z',
    '20260101T140000Z',
    '2026-01-01T14:00:00',
    '2024-02-29T00:00:00Z',
    '2000-02-29T00:00:00Z',
    '2026-04-30T00:00:00Z',
    '2026-12-31T23:59:59.999Z',
    '2016-12-31T23:59:60Z',
    '2016-12-31T23:59:60.5Z',
    '2017-01-01T00:59:60+01:00',
    '2016-12-31T18:29:60-05:30',
    '2016-12-31T23:59:60',
  ])('accepts the ISO 8601 date-time %s', (value) => {
    expect(DateTime.safeParse(value).success).toBe(true)
  })

  it.each([
    'yesterday',
    '2026-01-01',
    '2026-13-01T00:00:00Z',
    '2026-01-01 14:00:00Z',
    // a mix of the extended and the basic format, which ISO 8601 does not allow
    '2026-01-01T14:00:00-0530',
    '20260101T14:00:00Z',
    '2026-01-01T140000Z',
    // days, weeks and times that do not exist
    '2026-366T00:00Z',
    '2026-000T00:00Z',
    '2025-W53-1T00:00Z',
    '2026-W48-8T00:00Z',
    '2026-01-01T24:00:01Z',
    '2026-01-01T24:00:00.5Z',
    '2026-01-01T14:60Z',
    '2026-01-01T14:00:00+24:00',
    '+02026-01-01T14:00Z',
    '1767225600',
    '',
    '2026-02-29T00:00:00Z',
    '1900-02-29T00:00:00Z',
    '2026-02-30T00:00:00Z',
    '2026-04-31T00:00:00Z',
    '20260631T000000Z',
    '2026-01-01T12:30:60Z',
    '2016-12-31T23:59:60+01:00',
    '2026-01-01T14:00:61Z',
  ])('rejects %j', (value) => {
    expect(DateTime.safeParse(value).success).toBe(false)
  })

  it('keeps the mock to UTC with milliseconds', () => {
    expect.soft(MockDateTime.safeParse('2026-01-01T14:00:00.000Z').success).toBe(true)
    expect.soft(MockDateTime.safeParse('2026-01-01T14:00:00+02:00').success).toBe(false)
  })
})

describe('instantOf', () => {
  const noon = Date.UTC(2026, 0, 1, 12)

  it.each([
    '2026-01-01T12:00:00Z',
    '2026-01-01T12:00:00.000Z',
    '2026-01-01T14:00:00+02:00',
    '2026-01-01T14:00+02',
    '20260101T063000-0530',
    '2026-001T12Z',
    '2026-W01-4T12:00Z',
    '2026-01-01T06,5-05:30',
    '2025-12-31T24:00-12',
    '2026-01-01T12:00:00.000999999Z',
  ])('places %s at noon UTC', (value) => {
    expect(instantOf(value)).toBe(noon)
  })

  it('keeps milliseconds and truncates finer fractions', () => {
    expect.soft(instantOf('2026-01-01T12:00:00,1239Z')).toBe(noon + 123)
    expect.soft(instantOf('2026-01-01T12:00:00.5Z')).toBe(noon + 500)
  })

  it('counts a leap second as the last millisecond of its minute', () => {
    expect(instantOf('2016-12-31T23:59:60Z')).toBe(Date.UTC(2016, 11, 31, 23, 59, 59, 999))
  })

  it.each(['2026-01-01T12:00:00', '2026-02-30T00:00:00Z', 'noon'])(
    'names no instant for %j',
    (value) => {
      expect(instantOf(value)).toBeUndefined()
    },
  )
})
