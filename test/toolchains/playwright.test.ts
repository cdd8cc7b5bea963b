// The Playwright recipe (docs/playwright.md) run as users run it: @playwright/test's own runner in
// a scratch project with the packed kit, the documented files copied in as they are, against a
// small app page in Debian's Chromium. Its tests run twice each on two workers, side by side on
// the one mock, so a session that leaked into another test would show there.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { chromiumLaunchOptions } from '../helpers/chromium-launch.js'
import { documentationText } from '../helpers/documentation.js'
import { freePort } from '../helpers/free-port.js'
import { useScratchProject } from '../helpers/scratch-project.js'
import { REPO_ROOT, spawnProcess } from '../helpers/spawn-cli.js'
import { startStaticServer } from '../helpers/static-server.js'

const RUN_TIMEOUT_MS = 90_000

const project = useScratchProject('module', ['@playwright/test'])

/** The documented files, by their place in the user's project. */
const RECIPE = {
  'e2e/fixtures.ts': 'fixtures.ts',
  'e2e/global-setup.ts': 'global-setup.ts',
  'e2e/workers.spec.ts': 'workers.spec.ts',
} as const
const recipeText = (name: string) =>
  readFile(join(REPO_ROOT, 'test/readme-snippets/playwright', name), 'utf8')

/** The app under test: a form that creates a worker on the mock and says what it answered. */
const appPage = (mockUrl: string) => `<!doctype html>
<meta charset="utf-8">
<form id="create">
  <label>Name <input id="name"></label>
  <button>Create worker</button>
</form>
<p role="status" id="created"></p>
<p role="alert" id="failed"></p>
<script>
document.getElementById('create').addEventListener('submit', async (event) => {
  event.preventDefault()
  const res = await fetch('${mockUrl}/v1/workers', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: document.getElementById('name').value, destination: 'local' }),
  })
  if (res.ok) document.getElementById('created').textContent = 'Created ' + (await res.json()).worker.name
  else document.getElementById('failed').textContent = 'The mock answered ' + res.status
})
</script>
`

/** Playwright's config for the scratch project: the recipe's globalSetup, Debian's Chromium. */
const playwrightConfig = (appUrl: string) => `import { defineConfig } from '@playwright/test'

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  workers: 2,
  repeatEach: 2,
  reporter: 'line',
  use: {
    baseURL: '${appUrl}',
    launchOptions: ${JSON.stringify(chromiumLaunchOptions())},
  },
})
`

describe('the Playwright recipe', () => {
  it('is the code docs/playwright.md shows', async () => {
    const docs = documentationText()
    for (const name of Object.values(RECIPE))
      expect(docs, name).toContain(`\`\`\`ts\n${await recipeText(name)}\`\`\``)
  })

  it(
    "runs under @playwright/test: one session per test, the page's calls in it, the mock started once",
    async () => {
      const mockUrl = `http://127.0.0.1:${await freePort()}`
      const app = await startStaticServer({
        '/': { type: 'text/html; charset=utf-8', body: appPage(mockUrl) },
      })
      try {
        const files: Record<string, string> = {
          'playwright.config.ts': playwrightConfig(`http://127.0.0.1:${app.port}`),
        }
        for (const [path, name] of Object.entries(RECIPE)) files[path] = await recipeText(name)
        await project().write(files)
        const exit = await spawnProcess(
          process.execPath,
          [join(project().dir, 'node_modules/@playwright/test/cli.js'), 'test'],
          { cwd: project().dir, env: { ...process.env, MOCK_URL: mockUrl, CI: '1' } },
        ).exit(RUN_TIMEOUT_MS)
        const output = exit.stdout + exit.stderr
        expect(exit.code, output).toBe(0)
        expect(output).toMatch(/\b4 passed\b/)
      } finally {
        await app.close()
      }
    },
    RUN_TIMEOUT_MS,
  )
})
