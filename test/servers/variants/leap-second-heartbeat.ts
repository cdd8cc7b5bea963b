import { setAt, updateAt, variant } from '../wrap-mock.js'

// spec §2.2: ISO 8601 date-times; a positive leap second is a real second (RFC 3339 §5.7), here
// the one that ended 2016, once in UTC and once at +01:00.
const withLeapSeconds = (body: unknown) =>
  updateAt(body, ['worker'], (worker) =>
    setAt(
      setAt(worker, ['lastHeartbeatAt'], '2016-12-31T23:59:60.250Z'),
      ['lastActiveAt'],
      '2017-01-01T00:59:60+01:00',
    ),
  )

export default variant('worker heartbeat and activity times on the leap second of 2016', {
  success: { createWorker: withLeapSeconds, updateWorker: withLeapSeconds },
})
