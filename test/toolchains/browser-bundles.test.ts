// The packed kit in a frontend's bundlers (docs/library.md#module-formats): the schemas from the package
// root (its `browser` condition) and from `worker-api-kit/schemas` bundle with no Node built-in
// and run in Chromium; the MSW handlers imported for development only leave a production bundle
// as if never imported (`sideEffects: false`). One scratch project for the file.
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { build } from 'esbuild'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../helpers/browser.js'
import { useScratchProject } from '../helpers/scratch-project.js'
import { spawnProcess } from '../helpers/spawn-cli.js'
import { startStaticServer } from '../helpers/static-server.js'

const RUN_TIMEOUT_MS = 60_000
/** Strings only the kit's code holds: its message prefix and its session header. */
const KIT_MARKERS = ['[worker-api-kit]', 'x-mock-session']
/** A page with nothing but its own line of script is far below this, minified. */
const APP_ONLY_BYTES = 1_000

const project = useScratchProject('module', ['vite', 'msw'])
let browser: Browser

beforeAll(async () => {
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
})

/** What CreateWorkerBody makes of a good and a bad body, as the page shows it. */
const SHOW_PARSED = `const good = CreateWorkerBody.safeParse({ name: 'form worker', destination: 'local' })
const bad = CreateWorkerBody.safeParse({ name: '', destination: 'moon' })
document.getElementById('out').textContent = JSON.stringify({
  good: good.success && good.data.name,
  bad: bad.success ? 'accepted' : bad.error.issues.map((issue) => issue.path.join('.')).sort(),
})
`
const SHOWN = '{"good":"form worker","bad":["destination","name"]}'

const withoutTestEnv = (): NodeJS.ProcessEnv =>
  Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !/^VITEST/.test(name)),
  )

/** The kit's markers a bundle holds. */
const markersIn = (text: string) => KIT_MARKERS.filter((marker) => text.includes(marker))

/** Vite's production build of `main.js` (with an index.html): the JS files it wrote. */
const viteBuild = async (main: string) => {
  await project().write({
    'index.html':
      '<!doctype html><html><body><p id="out">not run</p><script type="module" src="/main.js"></script></body></html>\n',
    'main.js': main,
  })
  const exit = await spawnProcess(
    process.execPath,
    [join(project().dir, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    // As a user runs it: not with the NODE_ENV (`test`) vitest set, which makes DEV true.
    { cwd: project().dir, env: withoutTestEnv() },
  ).exit(RUN_TIMEOUT_MS)
  expect(exit.code, exit.stderr).toBe(0)
  const assets = join(project().dir, 'dist', 'assets')
  const files = (await readdir(assets)).filter((name) => name.endsWith('.js'))
  const scripts = await Promise.all(files.map((name) => readFile(join(assets, name), 'utf8')))
  const html = await readFile(join(project().dir, 'dist', 'index.html'), 'utf8')
  return { files, scripts, html, warnings: exit.stderr }
}

/** esbuild, minified for browsers, of one entry's text. */
const esbuildBundle = async (main: string) => {
  const result = await build({
    stdin: { contents: main, resolveDir: project().dir, loader: 'js' },
    absWorkingDir: project().dir,
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    metafile: true,
    logLevel: 'silent',
  })
  return { text: result.outputFiles[0]?.text ?? '', inputs: Object.keys(result.metafile.inputs) }
}

/** Loads `html` and `scripts` (path → text) in Chromium; the text of #out and the page errors. */
const runPage = async (html: string, scripts: Record<string, string>) => {
  const files = Object.fromEntries(
    Object.entries(scripts).map(([path, body]) => [path, { type: 'text/javascript', body }]),
  )
  const site = await startStaticServer({ '/': { type: 'text/html', body: html }, ...files })
  const page = await browser.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  try {
    await page.goto(`http://127.0.0.1:${site.port}/`, { timeout: 10_000 })
    // Page script text: the test's types have no DOM.
    await page
      .waitForFunction("document.getElementById('out')?.textContent !== 'not run'", undefined, {
        timeout: 5_000,
      })
      .catch(() => undefined)
    return { shown: await page.textContent('#out'), errors }
  } finally {
    await page.close()
    await site.close()
  }
}

describe('the packed kit in a browser bundle', () => {
  it(
    "Vite's production build of the root's schemas renders in Chromium, with no server code",
    async () => {
      const built = await viteBuild(
        `import { CreateWorkerBody } from 'worker-api-kit'\n${SHOW_PARSED}`,
      )
      expect(built.warnings).not.toMatch(/externalized for browser compatibility/)
      const bundle = built.scripts.join('\n')
      expect.soft(/node:|createServer|@hono\/node-server/.exec(bundle)?.[0]).toBeUndefined()
      const page = await runPage(
        built.html,
        Object.fromEntries(
          built.files.map((name, i) => [`/assets/${name}`, built.scripts[i] ?? '']),
        ),
      )
      expect(page.errors).toEqual([])
      expect(page.shown).toBe(SHOWN)
    },
    RUN_TIMEOUT_MS,
  )

  it(
    'esbuild bundles worker-api-kit/schemas for browsers, and the page parses a body with it',
    async () => {
      const bundle = await esbuildBundle(
        `import { CreateWorkerBody } from 'worker-api-kit/schemas'\n${SHOW_PARSED}`,
      )
      expect
        .soft(
          bundle.inputs.filter((input) =>
            /node-server|\/dist\/(src\/(mock|contract|proxy)|cjs|esm)\//.test(input),
          ),
        )
        .toEqual([])
      const page = await runPage(
        '<!doctype html><html><body><p id="out">not run</p><script type="module" src="/main.js"></script></body></html>',
        { '/main.js': bundle.text },
      )
      expect(page.errors).toEqual([])
      expect(page.shown).toBe(SHOWN)
    },
    RUN_TIMEOUT_MS,
  )

  it(
    "Vite's production build drops the MSW handlers imported for development only",
    async () => {
      const built = await viteBuild(`import { createMswHandlers } from 'worker-api-kit/msw'
if (import.meta.env.DEV) console.log(createMswHandlers())
document.getElementById('out').textContent = 'app'
`)
      const bytes = built.scripts.reduce((sum, text) => sum + text.length, 0)
      expect.soft(markersIn(built.scripts.join('\n'))).toEqual([])
      expect(bytes).toBeLessThan(APP_ONLY_BYTES)
    },
    RUN_TIMEOUT_MS,
  )

  it(
    'esbuild (minify, browser) drops the MSW handlers and the root behind a dead if',
    async () => {
      const bundle = await esbuildBundle(`import { createMswHandlers } from 'worker-api-kit/msw'
import { CreateWorkerBody } from 'worker-api-kit'
if (false) console.log(createMswHandlers(), CreateWorkerBody)
document.getElementById('out').textContent = 'app'
`)
      expect.soft(markersIn(bundle.text)).toEqual([])
      expect(bundle.text.length).toBeLessThan(APP_ONLY_BYTES)
    },
    RUN_TIMEOUT_MS,
  )
})
