// Debian's Chromium driven by playwright-core (its own browser downloads do not work here).
// Builders only: no assertions here.
import { type Browser, type BrowserContext, chromium } from 'playwright-core'
import { afterAll, afterEach, beforeAll, inject } from 'vitest'
import { chromiumLaunchOptions } from './chromium-launch.js'

export { chromiumPath } from './chromium-launch.js'

/** Bounds the ask for the run's Chromium, which may have to start it. */
const CONNECT_TIMEOUT_MS = 30_000

/** Where the run's Chromium is asked for (shared-chromium.ts), or undefined outside a vitest run. */
const sharedChromiumUrl = (): string | undefined => {
  try {
    return inject('sharedChromiumUrl')
  } catch {
    return undefined // not in a vitest worker (a script)
  }
}

/**
 * Headless Chromium, offline but for 127.0.0.1 and the test hosts: in a vitest run, a connection
 * to the run's one Chromium (its `close` disconnects and closes the contexts made through it);
 * elsewhere, a browser of its own.
 */
export const launchChromium = async (): Promise<Browser> => {
  const url = sharedChromiumUrl()
  if (url === undefined) return chromium.launch(chromiumLaunchOptions())
  const res = await fetch(url, { signal: AbortSignal.timeout(CONNECT_TIMEOUT_MS) })
  const endpoint = await res.text()
  if (!res.ok) throw new Error(`[worker-api-kit] the run's Chromium did not start: ${endpoint}`)
  return chromium.connect(endpoint, { timeout: CONNECT_TIMEOUT_MS })
}

/** A fresh context that records every URL the page asked for. */
export const recordingContext = async (browser: Browser) => {
  const context: BrowserContext = await browser.newContext()
  const requested: string[] = []
  context.on('request', (request) => {
    requested.push(request.url())
  })
  return { context, requested }
}

/**
 * One Chromium for the describe block that calls this, started before its tests and closed after
 * them; what a test hands to `keep` (contexts, mocks) is closed after that test.
 */
export const useChromium = () => {
  let browser: Browser | undefined
  const open: { close(): Promise<unknown> }[] = []
  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterEach(async () => {
    await Promise.all(open.splice(0).map((o) => o.close()))
  })
  afterAll(async () => {
    await browser?.close()
  })
  return {
    browser: (): Browser => {
      if (!browser) throw new Error('[worker-api-kit] Chromium did not start (see beforeAll)')
      return browser
    },
    keep: (...items: { close(): Promise<unknown> }[]) => {
      open.push(...items)
    },
  }
}
