import type { createAdaptorServer, Http2Bindings, HttpBindings } from '@hono/node-server'
import { DEFAULT_HOST, DEFAULT_PORT } from './defaults.js'
import { withLingeringClose } from './lingering-close.js'

export type Listening = {
  /** Base URL, e.g. `http://127.0.0.1:4010`. */
  readonly url: string
  readonly port: number
  /** Stops listening and ends open connections. Idempotent. */
  readonly close: () => Promise<void>
}

/**
 * Serves a fetch handler over HTTP on node (the mock's, the proxy's); resolves once it listens.
 * An answer given before the request's body came in whole (a 413, the proxy's 503) lets a client
 * still sending read it, not a reset: node reads the rest on and keeps the connection, or, where it
 * closes, the rest is read first, bounded (lingering-close.ts). @hono/node-server's own clean-up
 * is off: it gives a body 500 ms, then closes the socket under a client still sending.
 *
 * The caller hands in @hono/node-server's `createAdaptorServer`: this folder is also the mock's in
 * a browser (MSW), whose build must not reach Node's `node:http`.
 */
export const listenOnNode = async (
  createServer: typeof createAdaptorServer,
  fetch: (request: Request, env: HttpBindings | Http2Bindings) => Response | Promise<Response>,
  options: { port?: number | undefined; host?: string | undefined },
): Promise<Listening> => {
  const host = options.host ?? DEFAULT_HOST
  const server = createServer({ fetch: withLingeringClose(fetch), autoCleanupIncoming: false })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? DEFAULT_PORT, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address()
  // Listening on TCP: an AddressInfo, never a pipe name (a string) or null.
  if (address === null || typeof address === 'string')
    throw new Error(`[worker-api-kit] the server listens on no TCP port (${String(address)})`)
  const { port } = address
  const urlHost = host.includes(':') ? `[${host}]` : host
  let closing: Promise<void> | undefined
  return {
    url: `http://${urlHost}:${port}`,
    port,
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve())
        if ('closeAllConnections' in server) server.closeAllConnections()
      })
      return closing
    },
  }
}
