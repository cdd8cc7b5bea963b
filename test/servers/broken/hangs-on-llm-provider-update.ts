import { broken } from '../wrap-mock.js'

/** Long enough to outlast any test; the timer goes when the caller stops waiting. */
const HANG_MS = 30_000

/** Never answers in time: settles when the caller aborts (the exchange is dropped) or at HANG_MS. */
const hang = (signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, HANG_MS)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal.reason)
    }
    if (signal.aborted) onAbort()
    else signal.addEventListener('abort', onAbort, { once: true })
  })

// Dropping the exchange on abort is what a socket does when fetch gives up; in-process,
// `app.request` does not give up by itself (see the report: a deaf server stalls the run).
// After three timeouts in a row the run stops, so the other LLM provider checks are skipped.
export default broken(
  {
    breaks: 'responds',
    spec: '§4.1',
    description: 'an LLM provider update never gets an answer',
  },
  {
    before: async (request) => {
      if (request.operationId === 'updateLlmProvider') await hang(request.signal)
      return undefined
    },
  },
)
