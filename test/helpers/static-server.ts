// A tiny static site on 127.0.0.1 for browser tests: fixed files by path. Builders only.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export type StaticFile = {
  type: string
  body: string | Uint8Array
  headers?: Record<string, string>
}

export type StaticServer = { readonly port: number; readonly close: () => Promise<void> }

/** Serves `files` (path → file) on a free port of 127.0.0.1; anything else is a 404. */
export const startStaticServer = async (
  files: Record<string, StaticFile>,
): Promise<StaticServer> => {
  const server = createServer((req, res) => {
    const file = files[new URL(req.url ?? '/', 'http://x').pathname]
    if (!file) {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, { 'content-type': file.type, ...file.headers }).end(file.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo // TCP: an AddressInfo
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
