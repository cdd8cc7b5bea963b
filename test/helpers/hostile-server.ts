// Servers that misbehave at the transport level, on a real port, to judge the contract client
// and runner. Builders only: no assertions here. Every server listens on 127.0.0.1 port 0 and
// `close()` destroys its open sockets, so a hanging exchange never outlives a test.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { createAdaptorServer, getRequestListener } from '@hono/node-server'
import {
  BEHAVIOURS,
  type FetchHandler,
  type HostileBehaviour,
  type HostileOptions,
  OK_JSON,
} from './hostile-behaviours.js'

export type { FetchHandler, HostileBehaviour, HostileOptions }

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
  const forward = getRequestListener(options.handler ?? OK_JSON)
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
