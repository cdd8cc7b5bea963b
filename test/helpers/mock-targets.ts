// The two places a test session can reach the mock: an app in-process and a server on a free port
// (closed after each test). Builders only: no assertions here.
import { createMockApp } from '../../src/mock/app.js'
import { type MockServer, startMockServer } from '../../src/mock/server.js'
import { cleanUpAfterEach } from './clean-up.js'

/** `[name, make]` rows for `it.each`: `make()` answers a target `createTestSession` takes. */
export const mockTargets = () => {
  const { servers } = cleanUpAfterEach<MockServer>()
  return [
    ['in-process', async () => createMockApp()],
    [
      'over HTTP',
      async () => {
        const server = await startMockServer({ port: 0 })
        servers.push(server)
        return server.url
      },
    ],
  ] as const
}
