import { DEFAULT_HOST, listenOnNode } from '../server/index.js'
import { createMockApp, type MockApp, type MockAppOptions } from './app.js'

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
  // Loaded when a server starts, not with the package: its Request subclass needs a global
  // Request, which jsdom (a test environment that takes the package's Node entry) has not.
  const { createAdaptorServer } = await import('@hono/node-server')
  const server = await listenOnNode(createAdaptorServer, app.fetch, { port: options.port, host })
  return {
    url: server.url,
    port: server.port,
    app,
    close: () => {
      app.stop()
      return server.close()
    },
  }
}
