// How the tests start Debian's Chromium (playwright-core's own browser downloads do not work
// here): the path and the flags, shared by the run's one browser (shared-chromium.ts) and by a
// script that starts its own. Imports nothing of vitest: the run's main process reads it too.
import { execFileSync } from 'node:child_process'
import type { LaunchOptions } from 'playwright-core'

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
const TEST_HOSTS = ['evil.example', 'rebind.example', 'app.test'] as const

/** Headless Chromium, offline but for 127.0.0.1 and the test hosts. */
export const chromiumLaunchOptions = (): LaunchOptions => {
  const executablePath = chromiumPath()
  if (!executablePath)
    throw new Error('[worker-api-kit] no chromium on PATH (apt-get install -y chromium)')
  return {
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
  }
}
