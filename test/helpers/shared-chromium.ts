// vitest's globalSetup: one Chromium for the whole run, started when the first test file asks
// for it (a run without browser tests starts none), closed after the run. Test files connect to
// it (`launchChromium` in browser.ts) instead of starting their own: a start costs about 1.5 s of
// CPU and 2-3 s of wall time on the 2-core CI machine, and a run has a dozen files that need one.
// Each file still has its own contexts, closed when it disconnects.
import { type BrowserServer, chromium } from 'playwright-core'
import type { TestProject } from 'vitest/node'
import { chromiumLaunchOptions } from './chromium-launch.js'
import { onFirstAsk } from './on-first-ask.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** GET answers the run's Chromium's websocket endpoint, starting it on the first ask. */
    sharedChromiumUrl: string
  }
}

export default async function setup(project: TestProject) {
  const asks = await onFirstAsk(
    () => chromium.launchServer(chromiumLaunchOptions()),
    (server: BrowserServer) => server.wsEndpoint(),
  )
  project.provide('sharedChromiumUrl', asks.url)
  return async () => {
    asks.close()
    await (await asks.made())?.close()
  }
}
