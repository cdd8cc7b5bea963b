import { setAt, variant } from '../wrap-mock.js'

/** The status a worker goes through, one call at a time (the spec shows no values, no transitions). */
const STATUSES = ['provisioning', 'starting', 'running', 'idle']
let calls = 0

// spec §2.2, §3: a worker's status and its heartbeat and activity times are the server's to move
// between calls (transitions: not shown); every answer moves them on. Two calls sent at once are
// answered one after the other.
let queue = Promise.resolve()
const oneAtATime = async <T>(work: () => T | Promise<T>): Promise<T> => {
  const turn = queue.then(work)
  queue = turn.then(
    () => undefined,
    () => undefined,
  )
  return turn
}

const movedOn = (body: unknown) =>
  oneAtATime(() => {
    calls++
    const now = new Date(Date.UTC(2026, 0, 1) + calls * 1000).toISOString()
    const status = STATUSES[calls % STATUSES.length]
    return setAt(
      setAt(setAt(body, ['worker', 'status'], status), ['worker', 'lastHeartbeatAt'], now),
      ['worker', 'lastActiveAt'],
      now,
    )
  })

export default variant('status, heartbeat and activity move on with every call', {
  success: { createWorker: movedOn, updateWorker: movedOn },
})
