import { z } from '@hono/zod-openapi'

/** An ISO 8601 date-time with any offset, as the spec promises (spec §2.2, §2.4). */
export const DateTime = z.iso.datetime({ offset: true })

/** The mock's own date-times: UTC with milliseconds. assumption: see README#assumptions */
export const MockDateTime = z.iso.datetime({ precision: 3 })
