import { broken, setAt } from '../wrap-mock.js'

// A worker that never sent a heartbeat: null, where the spec promises a date-time string.
export default broken(
  {
    breaks: 'response-schema',
    spec: '§2.2 (lastHeartbeatAt: string, ISO 8601 date-time)',
    description: 'a new worker has lastHeartbeatAt null',
  },
  { success: { createWorker: (body) => setAt(body, ['worker', 'lastHeartbeatAt'], null) } },
)
