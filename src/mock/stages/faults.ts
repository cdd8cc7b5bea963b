import type { Hono } from 'hono'
import type { MockEnv } from '../env.js'

/** How a `reset` fault is marked inside the app, and journalled (599: no answer was given). */
const RESET_MARKER = 'x-worker-api-kit-reset'
const RESET_STATUS = 599

/**
 * The answer a `reset` fault gives. On a node server the socket is destroyed at once (a real
 * reset); in-process (`app.request`, MSW) the marked answer becomes a network error in
 * `withResetFaults`.
 */
export const resetAnswer = (socket: { destroy(): void } | undefined): Response => {
  socket?.destroy()
  return new Response(null, { status: RESET_STATUS, headers: { [RESET_MARKER]: '1' } })
}

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

/**
 * Hono cannot return `Response.error()` (status 0) from a handler, so a `reset` without a socket
 * to destroy becomes a network error here, in the app's `fetch`.
 */
export const withResetFaults = <App extends Hono<MockEnv>>(app: App): App => {
  const honoFetch = app.fetch
  app.fetch = async (request, env, executionCtx) => {
    const response = await honoFetch(request, env, executionCtx)
    // Status first: reading headers costs the node server its fast path on every answer.
    if (response.status !== RESET_STATUS || !response.headers.has(RESET_MARKER)) return response
    // On a node server the socket is already destroyed: nothing more to answer.
    const incoming: unknown =
      env && typeof env === 'object' ? Reflect.get(env, 'incoming') : undefined
    const isInProcess = !(incoming && typeof incoming === 'object' && 'socket' in incoming)
    return isInProcess ? Response.error() : response
  }
  return app
}
