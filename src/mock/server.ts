import type { AddressInfo } from 'node:net'
import { createAdaptorServer } from '@hono/node-server'
import { createMockApp, type MockApp, type MockAppOptions } from './app.js'

import { DEFAULT_HOST, DEFAULT_PORT } from './defaults.js'

export type MockServerOptions = MockAppOptions & {
  /** Port to listen on; 0 picks a free one. Default 4010. */
  port?: number
  /** Interface to listen on. Default 127.0.0.1. */
  host?: string
}

export type MockServer = {
  /** Base URL, e.g. `http://127.0.0.1:4010`. */
  readonly url: string
  readonly port: number
  readonly app: MockApp
  /** Stops listening, ends open connections and pending scenario waits. */
  readonly close: () => Promise<void>
}

/** Serves the mock over HTTP on node; resolves once it listens. */
export const startMockServer = async (options: MockServerOptions = {}): Promise<MockServer> => {
  const host = options.host ?? DEFAULT_HOST
  // The name it listens on is a name it answers to (a host name given with --host).
  const allowedHosts =
    options.allowedHosts === true ? true : [...(options.allowedHosts ?? []), host]
  const app = createMockApp({ ...options, allowedHosts })
  // Node itself drains a body the mock refused (413) and keeps the connection, however slow the
  // client: @hono/node-server's own clean-up gives a body 500 ms, then closes the socket under a
  // client still sending, which then reads a reset instead of the 413.
  const server = createAdaptorServer({ fetch: app.fetch, autoCleanupIncoming: false })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? DEFAULT_PORT, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo // listening on TCP: an AddressInfo, never a pipe name
  const urlHost = host.includes(':') ? `[${host}]` : host
  let closing: Promise<void> | undefined
  return {
    url: `http://${urlHost}:${port}`,
    port,
    app,
    close: () => {
      app.stop()
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve())
        if ('closeAllConnections' in server) server.closeAllConnections()
      })
      return closing
    },
  }
}
