// For vitest's globalSetups: something costly (a browser, a packed kit) made once for the run, on
// the first ask of a test file, over a small HTTP server on 127.0.0.1 (a globalSetup's `provide`
// passes only values, made before any file runs). Builders only: no assertions here.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A server whose GET makes `make()` the first time and answers `text` of what it made (a 500 with
 * the error when it failed), the same to every later ask. `made` is what was made, if it was asked.
 */
export const onFirstAsk = async <T>(make: () => Promise<T>, text: (made: T) => string) => {
  let made: Promise<T> | undefined
  const asks = createServer((_req, res) => {
    made ??= make()
    made.then(
      (value) => res.end(text(value)),
      (error: unknown) => res.writeHead(500).end(String(error)),
    )
  })
  await new Promise<void>((resolve) => asks.listen(0, '127.0.0.1', resolve))
  const { port } = asks.address() as AddressInfo // TCP: an AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    /** What the first ask made (settled, a failure as undefined), or undefined if none asked. */
    made: async () => made?.catch(() => undefined),
    close: () => asks.close(),
  }
}
