// e2e/global-setup.ts: the mock, started once for the whole run
// (playwright.config.ts: `globalSetup: './e2e/global-setup.ts'`)
import { startMockServer } from 'worker-api-kit'
import { MOCK_URL } from './fixtures.js'

export default async function globalSetup() {
  const server = await startMockServer({ port: Number(new URL(MOCK_URL).port) })
  return () => server.close()
}
