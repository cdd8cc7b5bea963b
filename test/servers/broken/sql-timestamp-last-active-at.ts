import { broken, updateAt } from '../wrap-mock.js'

/** PostgreSQL's text form of a timestamptz: a space for the `T`, a `+00` offset. */
const asSqlText = (iso: unknown) => String(iso).replace('T', ' ').replace(/Z$/, '+00')

// Date.parse reads this form, so a lenient date check lets it through.
export default broken(
  {
    breaks: 'response-schema',
    spec: '§2.2 (lastActiveAt: ISO 8601 date-time)',
    description: 'worker.lastActiveAt is "2026-01-02 03:04:05.678+00" (SQL text, no T)',
  },
  {
    success: {
      updateWorker: (body) => updateAt(body, ['worker', 'lastActiveAt'], asSqlText),
    },
  },
)
