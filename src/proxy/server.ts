import type { AddressInfo } from 'node:net'
import { createAdaptorServer } from '@hono/node-server'
import { DEFAULT_HOST, DEFAULT_PORT } from '../mock/defaults.js'
import { createProxyApp, type ProxyApp, type ProxyAppOptions } from './create-proxy-app.js'

export type ProxyServerOptions = ProxyAppOptions & {
  /** Port to listen on; 0 picks a free one. Default 4010. */
  port?: number
  /** Interface to listen on. Default 127.0.0.1. */
  host?: string
}

export type ProxyServer = {
  readonly url: string
  readonly port: number
  readonly app: ProxyApp
  readonly close: () => Promise<void>
}

/** Serves the proxy over HTTP on node; resolves once it listens. */
export const startProxyServer = async (options: ProxyServerOptions): Promise<ProxyServer> => {
  const host = options.host ?? DEFAULT_HOST
  const allowedHosts =
    options.allowedHosts === true ? true : [...(options.allowedHosts ?? []), host]
  const app = createProxyApp({ ...options, allowedHosts })
  const server = createAdaptorServer({ fetch: app.fetch })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? DEFAULT_PORT, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo // TCP: an AddressInfo, never a pipe name
  const urlHost = host.includes(':') ? `[${host}]` : host
  let closing: Promise<void> | undefined
  return {
    url: `http://${urlHost}:${port}`,
    port,
    app,
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve())
        if ('closeAllConnections' in server) server.closeAllConnections()
      })
      return closing
    },
  }
}
