/**
 * Waits `ms`, or less if `signal` aborts (the mock is stopping): a scenario's latency or hang never
 * outlives the server. The timer does not keep a process alive on its own.
 */
export const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve()
    const done = () => {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    if (typeof timer === 'object') timer.unref?.()
    signal.addEventListener('abort', done, { once: true })
  })
