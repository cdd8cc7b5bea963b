import { broken } from '../wrap-mock.js'

const EVERY = 3

let creates = 0

// A gateway in front of a slow upstream: every third create times out as an HTML page.
export default broken(
  {
    breaks: 'no-server-error',
    spec: '§4.2',
    description: 'every third create answers 504 Gateway Timeout as text/html',
  },
  {
    before: (request) => {
      if (request.operationId !== 'createWorker') return undefined
      creates++
      return creates % EVERY === 0
        ? new Response('<html><body><h1>504 Gateway Time-out</h1></body></html>', {
            status: 504,
            headers: { 'content-type': 'text/html' },
          })
        : undefined
    },
  },
)
