import { broken, updateAt } from '../wrap-mock.js'

/** PHP's `Y-m-d\TH:i:sO` and Python's `%z`: an extended date and time with a basic offset. */
const mixed = (iso: unknown) => String(iso).replace(/\.\d+Z$/, '+0000')

// ISO 8601 §4.3.2 (2004; 2019 §5.4.1): an expression is all basic or all extended format.
export default broken(
  {
    breaks: 'response-schema',
    spec: '§2.2 (createdAt: ISO 8601 date-time)',
    description: 'worker.createdAt is "2026-01-02T03:04:05+0000" (extended time, basic offset)',
  },
  {
    success: {
      createWorker: (body) => updateAt(body, ['worker', 'createdAt'], mixed),
    },
  },
)
