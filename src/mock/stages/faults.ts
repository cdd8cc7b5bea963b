import type { Context } from 'hono'
import type { MockEnv } from '../env.js'

/** How a `reset` fault's answer is marked inside the app, and journalled (599: no answer was given). */
const RESET_MARKER = 'x-worker-api-kit-reset'
const RESET_STATUS = 599

/** The answer a `reset` rule decides: marked, journalled as 599, then carried out by `carryOutReset`. */
export const resetAnswer = (): Response =>
  new Response(null, { status: RESET_STATUS, headers: { [RESET_MARKER]: '1' } })

/** Whether an answer is a reset's (the status first: most answers stop there). */
export const isResetAnswer = (res: Response) =>
  res.status === RESET_STATUS && res.headers.has(RESET_MARKER)

/**
 * A reset, carried out by the transport the request came on: on a node socket the socket is
 * destroyed (a real reset; the marked answer goes nowhere), in-process (`app.request`, MSW) the
 * answer is a network error, as a reset connection is to `fetch`.
 */
export const carryOutReset = (c: Context<MockEnv>, marked: Response): Response => {
  const socket = c.env?.incoming?.socket
  if (!socket) return Response.error()
  socket.destroy()
  return marked
}

/**
 * The status a log line gives an answer: a network error in-process (status 0, which no other
 * Response can have) is a reset, 599 as journalled. The status only: reading `type` would cost the
 * node server its single-write path.
 */
export const loggedStatusOf = (res: Response) => (res.status === 0 ? RESET_STATUS : res.status)

/**
 * Cuts a response's body in half and then breaks the stream: a truncated answer on the wire. The
 * half goes out on the first pull and the error on the next (an error in `start` would discard the
 * queued half), and the answer is chunked so the status and headers leave before the break.
 */
export const truncated = async (res: Response) => {
  const bytes = new Uint8Array(await res.arrayBuffer())
  const half = bytes.slice(0, Math.floor(bytes.length / 2))
  let sent = false
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent) return controller.error(new Error('truncated by the scenario'))
      sent = true
      controller.enqueue(half)
    },
  })
  const headers = new Headers(res.headers)
  headers.delete('content-length')
  headers.set('transfer-encoding', 'chunked')
  return new Response(body, { status: res.status, headers })
}
