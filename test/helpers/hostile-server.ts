// Servers that misbehave at the transport level, on a real port, to judge the contract client
// and runner. Builders only: no assertions here. Every server listens on 127.0.0.1 port 0 and
// `close()` destroys its open sockets, so a hanging exchange never outlives a test.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { createAdaptorServer, getRequestListener } from '@hono/node-server'

export type HostileBehaviour =
  | 'hang'
  | 'reset'
  | 'endless'
  | 'truncated'
  | 'non-json'
  | 'wrong-content-type'
  | 'rate-limited'

/** Answers a request the way a Hono app does: `app.fetch`. */
export type FetchHandler = (request: Request) => Response | Promise<Response>

export type HostileOptions = {
  /** Which requests get the behaviour; the others go to `handler`. Default: every request. */
  readonly appliesTo?: (request: IncomingMessage) => boolean
  /** Serves the spared requests and, for 'rate-limited', those after the first N. Default: 200 {}. */
  readonly handler?: FetchHandler
  /** 'rate-limited': how many requests get a 429 before `handler` answers. Default 2. */
  readonly limitedRequests?: number
  /** 'rate-limited': the `Retry-After` value of each 429. Default '1'. */
  readonly retryAfter?: string
  /** 'endless': bytes per chunk. Default 256. */
  readonly chunkBytes?: number
  /** 'endless': ms between chunks. Default 10 (so about 25 KiB/s). */
  readonly intervalMs?: number
}

export type TestServer = {
  /** Base URL, e.g. `http://127.0.0.1:40123` (no trailing slash). */
  readonly url: string
  /** Requests that reached the server so far, spared ones included. */
  readonly requestCount: () => number
  /** Stops listening, destroys every open socket, stops every endless body. Idempotent. */
  readonly close: () => Promise<void>
}

/** Spares the runner's preflight (`GET /`): only the API under `/v1/` misbehaves. */
export const API_ONLY = (request: IncomingMessage) => request.url?.startsWith('/v1/') === true

/** 'truncated' announces this many bytes and sends the first 40 of a JSON body. */
const TRUNCATED_LENGTH = 100
const TRUNCATED_PART = JSON.stringify({ worker: { name: 'x'.repeat(TRUNCATED_LENGTH) } }).slice(
  0,
  40,
)

const okJson: FetchHandler = () => Response.json({})

type Context = {
  readonly options: HostileOptions
  /** 1-based number of this request among those the behaviour applies to. */
  readonly nth: number
  readonly forward: (req: IncomingMessage, res: ServerResponse) => void
  readonly timers: Set<NodeJS.Timeout>
}

type Behave = (req: IncomingMessage, res: ServerResponse, context: Context) => void

/** What each behaviour does with a request it applies to. */
const BEHAVIOURS: Readonly<Record<HostileBehaviour, Behave>> = {
  // Reads the request and never answers; `close()` destroys the socket.
  hang: (req) => {
    req.resume()
  },
  // An RST as soon as the request is parsed: the client sees ECONNRESET, not an HTTP answer.
  reset: (req) => {
    req.socket.resetAndDestroy()
  },
  // A JSON array that never ends, a chunk every intervalMs, honouring backpressure.
  endless: (req, res, { options, timers }) => {
    req.resume()
    res.writeHead(200, { 'content-type': 'application/json' })
    res.write('[')
    const chunk = '0,'.repeat(Math.max(1, Math.floor((options.chunkBytes ?? 256) / 2)))
    let isBlocked = false
    const timer = setInterval(() => {
      if (isBlocked || res.destroyed) return
      isBlocked = !res.write(chunk)
    }, options.intervalMs ?? 10)
    timers.add(timer)
    res.on('drain', () => {
      isBlocked = false
    })
    res.on('close', () => {
      clearInterval(timer)
      timers.delete(timer)
    })
  },
  // Announces 100 bytes, sends 40, then ends the connection.
  truncated: (req, res) => {
    req.resume()
    res.writeHead(200, {
      'content-type': 'application/json',
      'content-length': String(TRUNCATED_LENGTH),
    })
    res.write(TRUNCATED_PART, () => res.socket?.end())
  },
  'non-json': (req, res) => {
    req.resume()
    res.writeHead(200, { 'content-type': 'text/html' })
    res.end('<html>oops</html>')
  },
  // Valid JSON, labelled as plain text.
  'wrong-content-type': (req, res) => {
    req.resume()
    res.writeHead(200, { 'content-type': 'text/plain' })
    res.end(JSON.stringify({ worker: { id: 'wrk_0', name: 'plain' } }))
  },
  // The first N requests get a 429 with Retry-After; the later ones reach the handler.
  'rate-limited': (req, res, { options, nth, forward }) => {
    if (nth > (options.limitedRequests ?? 2)) return forward(req, res)
    req.resume()
    res.writeHead(429, {
      'content-type': 'application/json',
      'retry-after': options.retryAfter ?? '1',
    })
    res.end(JSON.stringify({ title: 'Too Many Requests' }))
  },
}

/** Listens on 127.0.0.1:0 and tracks sockets, so that `close()` can end every connection. */
const listen = async (server: Server, onClose: () => void = () => undefined) => {
  const sockets = new Set<Socket>()
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  // listening on TCP: an AddressInfo, never a pipe name
  const { port } = server.address() as AddressInfo
  let closing: Promise<void> | undefined
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        onClose()
        server.close(() => resolve())
        for (const socket of sockets) socket.destroy()
      })
      return closing
    },
  }
}

/** Starts a server with one hostile behaviour (see `HostileOptions` for the knobs). */
export const startHostileServer = async (
  behaviour: HostileBehaviour,
  options: HostileOptions = {},
): Promise<TestServer> => {
  const forward = getRequestListener(options.handler ?? okJson)
  const appliesTo = options.appliesTo ?? (() => true)
  const timers = new Set<NodeJS.Timeout>()
  let requests = 0
  let applied = 0
  const server = createServer((req, res) => {
    requests++
    if (!appliesTo(req)) return void forward(req, res)
    applied++
    BEHAVIOURS[behaviour](req, res, {
      options,
      nth: applied,
      forward: (q, s) => void forward(q, s),
      timers,
    })
  })
  const { url, close } = await listen(server, () => {
    for (const timer of timers) clearInterval(timer)
    timers.clear()
  })
  return { url, requestCount: () => requests, close }
}

/** Serves a Hono app (e.g. `createMockApp()` or a broken wrapper of it) over a real port. */
export const startAppServer = async (app: {
  readonly fetch: FetchHandler
}): Promise<TestServer> => {
  let requests = 0
  const server = createAdaptorServer({
    fetch: (request: Request) => {
      requests++
      return app.fetch(request)
    },
  })
  // createAdaptorServer makes a node:http server unless told otherwise (no http2, no https).
  const { url, close } = await listen(server as Server)
  return { url, requestCount: () => requests, close }
}

/** A base URL on which nothing listens: a port that was free a moment ago. */
export const unusedUrl = async (): Promise<string> => {
  const server = createServer()
  const { url, close } = await listen(server)
  await close()
  return url
}
