import { isContentful } from '../common/is-contentful.js'

/**
 * The most bytes of a body the server reads and throws away after answering before it read them.
 * Bounded by time as well (below); nginx bounds its lingering close by time only.
 */
const MAX_LINGER_BYTES = 256 * 1024 * 1024
/** How long the server reads on after such an answer at most: nginx's `lingering_time`. */
const MAX_LINGER_MS = 30_000
/** How long it waits for the next bytes of the body at most: nginx's `lingering_timeout`. */
const MAX_LINGER_IDLE_MS = 5_000

/**
 * What lingering needs of a request on a node socket (node:http's `IncomingMessage`), named here:
 * this folder is also the mock's in a browser, whose build must not reach `node:http`.
 */
type RequestOnSocket = {
  /** The whole message, body included, has come in (node:http). */
  readonly complete: boolean
  readonly destroyed: boolean
  readonly headers: {
    readonly 'content-length'?: string | undefined
    readonly 'transfer-encoding'?: string | undefined
  }
  on(event: 'data', listener: (chunk: { readonly byteLength: number }) => void): unknown
  on(event: 'end' | 'close' | 'error', listener: () => void): unknown
  off(event: 'data', listener: (chunk: { readonly byteLength: number }) => void): unknown
  off(event: 'end' | 'close' | 'error', listener: () => void): unknown
  resume(): unknown
}

/** The env @hono/node-server hands a fetch: the request, and the answer (node:http's `ServerResponse`). */
type NodeEnv = {
  readonly incoming: RequestOnSocket
  /** Its `shouldKeepAlive` is false when node closes the connection after it (HTTP/2 has none). */
  readonly outgoing: object
}

type Answer = Response | Promise<Response>

/** The request declares a body (RFC 9112 §6.3). */
const hasBody = (incoming: RequestOnSocket) =>
  incoming.headers['transfer-encoding'] !== undefined ||
  Number(incoming.headers['content-length'] ?? 0) > 0

/** A declared body that has not come in whole when the answer is ready. */
const isBodyComing = (incoming: RequestOnSocket) =>
  !incoming.complete && !incoming.destroyed && hasBody(incoming)

/** Reads the rest of the body and throws it away; settles when it ends, breaks, or a bound is met. */
const drain = (incoming: RequestOnSocket): Promise<void> =>
  new Promise((resolve) => {
    let bytes = 0
    let chunks = 0
    const finish = () => {
      clearTimeout(total)
      clearTimeout(idle)
      incoming.off('data', onData)
      for (const event of ['end', 'close', 'error'] as const) incoming.off(event, finish)
      resolve()
    }
    const total = setTimeout(finish, MAX_LINGER_MS)
    /**
     * Idle when no chunk came since it was armed, judged a turn of the loop later: a loop kept busy
     * past the bound (the proxy judging a large body) reads what came meanwhile first.
     */
    const armIdle = (seen: number) =>
      setTimeout(
        () =>
          setTimeout(() => {
            if (chunks === seen) finish()
            else idle = armIdle(chunks)
          }, 0),
        MAX_LINGER_IDLE_MS,
      )
    let idle = armIdle(chunks)
    const onData = (chunk: { readonly byteLength: number }) => {
      chunks++
      bytes += chunk.byteLength
      if (bytes > MAX_LINGER_BYTES) finish()
    }
    incoming.on('data', onData)
    for (const event of ['end', 'close', 'error'] as const) incoming.on(event, finish)
    incoming.resume()
  })

/**
 * The answer with `Connection: close` and its last byte held back until `drained` settles. Node
 * closes a connection as soon as an answer with `close` has been written (its `destroySoon`), and
 * a socket closed with bytes of the body still unread sends a reset; held, it closes with the body
 * read. The client has the whole answer at once all the same: its length is declared.
 */
const heldAnswer = async (answer: Response, drained: Promise<void>): Promise<Response> => {
  // Every answer our servers give is built whole in memory (a problem, a page of at most 1 MiB).
  const bytes = new Uint8Array(await answer.arrayBuffer())
  const headers = new Headers(answer.headers)
  headers.set('connection', 'close')
  headers.set('content-length', String(bytes.byteLength))
  let isCancelled = false // the client closed the connection first
  const body = new ReadableStream<Uint8Array>({
    start: (controller) => {
      if (bytes.byteLength > 0) controller.enqueue(bytes)
      void drained.then(() => {
        if (!isCancelled) controller.close()
      })
    },
    cancel: () => {
      isCancelled = true
    },
  })
  return new Response(body, { status: answer.status, statusText: answer.statusText, headers })
}

/**
 * Whether the answer is held until the body is read: when the connection closes after it (the
 * client asked for `close`, HTTP/1.0) or the body is chunked or over the bound. Otherwise node
 * reads the rest of a declared body on by itself and keeps the connection for the next request.
 */
const isHeld = (answer: Response, { incoming, outgoing }: NodeEnv) =>
  isBodyComing(incoming) &&
  // An answer that has no body (a 204) has no last byte to hold back: it goes as it is.
  isContentful(answer.status) &&
  (('shouldKeepAlive' in outgoing && outgoing.shouldKeepAlive === false) ||
    incoming.headers['content-length'] === undefined ||
    Number(incoming.headers['content-length']) > MAX_LINGER_BYTES)

const lingering = (answer: Response, env: NodeEnv): Answer =>
  isHeld(answer, env) ? heldAnswer(answer, drain(env.incoming)) : answer

/**
 * A node server's fetch whose answers given before the request's body came in whole (a 413 read
 * from the declared length, the proxy's 503 when busy, a 401, a rule's answer) let the client read
 * them. On a kept-alive connection node reads the rest of the body on by itself. Where the
 * connection closes after the answer (the client's `Connection: close`), node closed it as soon as
 * the answer was written, and a socket closed with bytes of the body unread sends a reset: a client
 * still sending met ECONNRESET or EPIPE in place of the answer (2 to 8 of 30 concurrent 6.4 MB
 * uploads to a busy proxy). There, and for a chunked body or one over the bound, the answer says
 * `Connection: close` and the connection closes only once the rest of the body has been read and
 * thrown away (at most 256 MiB and 30 s, 5 s without a byte): RFC 9112 §9.6's staged close,
 * nginx's lingering close. Other answers go as they are, synchronous ones too.
 */
export const withLingeringClose =
  <Env extends NodeEnv>(fetch: (request: Request, env: Env) => Answer) =>
  (request: Request, env: Env): Answer => {
    const answer = fetch(request, env)
    if (!hasBody(env.incoming)) return answer // a GET: as it is, not a promise more
    return answer instanceof Response
      ? lingering(answer, env)
      : answer.then((settled) => lingering(settled, env))
  }
