// Debian's Chromium driven by playwright-core (its own browser downloads do not work here).
// Builders only: no assertions here.
import { execFileSync } from 'node:child_process'
import { type Browser, type BrowserContext, chromium } from 'playwright-core'
import { afterAll, afterEach, beforeAll } from 'vitest'

/** Chromium on this machine (`command -v chromium`), or undefined. CI (`.ci/run`) installs it. */
export const chromiumPath = (): string | undefined => {
  try {
    return execFileSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], {
      encoding: 'utf8',
    }).trim()
  } catch {
    return undefined
  }
}

/**
 * Names a test page may load: each maps to 127.0.0.1 inside the browser, so a page on
 * `http://evil.example:PORT` is a real cross-site origin, and `rebind.example` plays a DNS
 * rebinding domain. Every other name fails to resolve: the browser is offline.
 */
export const TEST_HOSTS = ['evil.example', 'rebind.example', 'app.test'] as const

/** Starts headless Chromium, offline but for 127.0.0.1 and the test hosts. */
export const launchChromium = async (): Promise<Browser> => {
  const executablePath = chromiumPath()
  if (!executablePath)
    throw new Error('[worker-api-kit] no chromium on PATH (apt-get install -y chromium)')
  return chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--host-resolver-rules=${TEST_HOSTS.map((host) => `MAP ${host} 127.0.0.1`).join(', ')}, MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1`,
    ],
  })
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
