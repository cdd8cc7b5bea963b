import { broken, updateAt } from '../wrap-mock.js'

/** Second 60 at half past noon UTC: a leap second only ever ends a UTC day (23:59:60). */
const atNoonSixty = (value: unknown) => String(value).replace(/T.*$/, 'T12:30:60Z')

export default broken(
  {
    breaks: 'response-schema',
    spec: '§2.2 (ISO 8601 date-time: a real time)',
    description: 'worker.lastHeartbeatAt is at 12:30:60Z, a second that never exists',
  },
  {
    success: {
      createWorker: (body) => updateAt(body, ['worker', 'lastHeartbeatAt'], atNoonSixty),
      updateWorker: (body) => updateAt(body, ['worker', 'lastHeartbeatAt'], atNoonSixty),
    },
  },
)
