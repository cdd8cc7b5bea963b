// e2e/fixtures.ts: each test gets a session of its own on the one mock, and the page's calls
// to the mock carry its `x-mock-session` header
import { test as base, expect } from '@playwright/test'
import { createTestSession, type TestSession } from 'worker-api-kit'

/** The mock your app calls in its tests; global-setup.ts starts it once for the run. */
export const MOCK_URL = process.env['MOCK_URL'] ?? 'http://127.0.0.1:4010'

export const test = base.extend<{ mock: TestSession }>({
  mock: [
    async ({ page }, use) => {
      const mock = createTestSession(MOCK_URL)
      await page.route(`${MOCK_URL}/**`, (route) =>
        route.continue({ headers: { ...route.request().headers(), ...mock.headers } }),
      )
      await use(mock)
    },
    { auto: true }, // every test, even one that never names `mock`
  ],
})

export { expect }
