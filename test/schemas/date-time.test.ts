import { describe, expect, it } from 'vitest'
import { DateTime, MockDateTime } from '../../src/schemas/date-time.js'

describe('DateTime', () => {
  it.each([
    '2026-01-01T14:00:00Z',
    '2026-01-01T14:00:00.123456Z',
    '2026-01-01T14:00:00+02:00',
    '2026-01-01T14:00:00+02',
    '2026-01-01T14:00:00-0530',
    '2026-01-01T14:00Z',
    '2026-01-01T14:00:00,5Z',
    '20260101T140000Z',
    '2026-01-01T14:00:00',
  ])('accepts the ISO 8601 date-time %s', (value) => {
    expect(DateTime.safeParse(value).success).toBe(true)
  })

  it.each([
    'yesterday',
    '2026-01-01',
    '2026-13-01T00:00:00Z',
    '2026-01-01T24:00:00Z',
    '2026-01-01 14:00:00Z',
    '1767225600',
    '',
  ])('rejects %j', (value) => {
    expect(DateTime.safeParse(value).success).toBe(false)
  })

  it('keeps the mock to UTC with milliseconds', () => {
    expect.soft(MockDateTime.safeParse('2026-01-01T14:00:00.000Z').success).toBe(true)
    expect.soft(MockDateTime.safeParse('2026-01-01T14:00:00+02:00').success).toBe(false)
  })
})
