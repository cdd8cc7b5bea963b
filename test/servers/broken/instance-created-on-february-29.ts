import { broken, updateAt } from '../wrap-mock.js'

/** The same time of day on 29 February of a year that has none. */
const onFebruary29 = (value: unknown) => String(value).replace(/^\d{4}-\d{2}-\d{2}/, '2026-02-29')

export default broken(
  {
    breaks: 'response-schema',
    spec: '§2.4 (ISO 8601 date-time: a day of the calendar)',
    description: 'instance.createdAt falls on 2026-02-29, a day that does not exist',
  },
  {
    success: { createWorker: (body) => updateAt(body, ['instance', 'createdAt'], onFebruary29) },
  },
)
