// `npm start` (scripts/start.mjs) starts a fresh dist/ at once and builds only a missing or stale
// one. A scratch project holds the two real scripts and a build of its own that counts its runs,
// so the repository's dist/ is never rewritten while other test files spawn it.
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { isBuildFresh } from '../../scripts/build-stamp.mjs'
import { killSpawned, REPO_ROOT, spawnProcess } from '../helpers/spawn-cli.js'

/** Bound of one `npm start` in the scratch project: npm itself, a build of one file. */
const START_WAIT_MS = 30_000
const BUILDING = '[worker-api-kit] dist/ is missing or older than its sources'

/** Its build writes a dist/bin/main.js that prints its arguments, and counts its runs. */
const FAKE_BUILD = `import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs'
if (process.env.FAIL_BUILD) process.exit(3)
mkdirSync('dist/bin', { recursive: true })
writeFileSync('dist/bin/main.js', "console.log('started ' + JSON.stringify(process.argv.slice(2)))\\n")
appendFileSync('builds.log', 'built\\n')
`

const dirs: string[] = []
afterEach(async () => {
  await killSpawned()
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})

const scratchProject = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'worker-api-kit-start-'))
  dirs.push(dir)
  await mkdir(join(dir, 'scripts'))
  await mkdir(join(dir, 'src'))
  for (const script of ['start.mjs', 'build-if-stale.mjs', 'build-stamp.mjs']) {
    await copyFile(join(REPO_ROOT, 'scripts', script), join(dir, 'scripts', script))
  }
  const build =
    'node scripts/build-stamp.mjs begin && node build.mjs && node scripts/build-stamp.mjs end'
  await writeFile(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'scratch', private: true, type: 'module', scripts: { build } })}\n`,
  )
  await writeFile(join(dir, 'build.mjs'), FAKE_BUILD)
  await writeFile(join(dir, 'src', 'index.ts'), 'export const a = 1\n')
  return dir
}

/** `node scripts/start.mjs --port 0` there, without the npm_* variables of the run above us. */
const start = (cwd: string, extra: Record<string, string> = {}) =>
  spawnProcess(process.execPath, ['scripts/start.mjs', '--port', '0'], {
    cwd,
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name))),
      ...extra,
    },
  }).exit(START_WAIT_MS)

const buildsIn = async (dir: string) =>
  (await readFile(join(dir, 'builds.log'), 'utf8').catch(() => '')).split('\n').filter(Boolean)
    .length

describe('npm start', () => {
  it('builds a missing dist/, then starts the mock with the arguments given', async () => {
    const dir = await scratchProject()
    const run = await start(dir)
    expect.soft(run.stderr).toContain(BUILDING)
    expect.soft(run.stdout).toBe('started ["mock","--port","0"]\n')
    expect(run.code).toBe(0)
    expect(await buildsIn(dir)).toBe(1)
  })

  it('starts a fresh dist/ without building it', async () => {
    const dir = await scratchProject()
    await start(dir)
    const run = await start(dir)
    expect.soft(run.stderr).toBe('')
    expect.soft(run.stdout).toBe('started ["mock","--port","0"]\n')
    expect(await buildsIn(dir)).toBe(1)
  })

  it('builds again when a source changes, and not when one is only touched', async () => {
    const dir = await scratchProject()
    await start(dir)
    await writeFile(join(dir, 'src', 'index.ts'), 'export const a = 1\n') // same bytes, new time
    await start(dir)
    expect(await buildsIn(dir)).toBe(1)
    await writeFile(join(dir, 'src', 'index.ts'), 'export const a = 2\n')
    const run = await start(dir)
    expect.soft(run.stderr).toContain(BUILDING)
    expect(await buildsIn(dir)).toBe(2)
  })

  it('does not start a build that failed, and builds again on the next start', async () => {
    const dir = await scratchProject()
    await start(dir)
    await writeFile(join(dir, 'src', 'index.ts'), 'export const a = 2\n')
    const failed = await start(dir, { FAIL_BUILD: '1' })
    expect.soft(failed.code).toBe(1)
    expect.soft(failed.stdout).toBe('')
    expect
      .soft(failed.stderr)
      .toMatch(/^\[worker-api-kit\] the build failed \(exit 3\); the mock was not started\./m)
    const next = await start(dir)
    expect.soft(next.stderr).toContain(BUILDING)
    expect(await buildsIn(dir)).toBe(2)
  })

  it("finds the repository's own dist/ fresh after its build, and starts it at once", async () => {
    // `npm test` builds first; after an edit, `npm run build` before this file.
    expect(isBuildFresh(REPO_ROOT), 'dist/ is stale: run npm run build').toBe(true)
    const mock = spawnProcess(process.execPath, ['scripts/start.mjs', '--port', '0'])
    await mock.waitForStdout(/listening on http:\/\/127\.0\.0\.1:\d+/)
    expect(mock.stderr()).not.toContain(BUILDING)
    mock.signal('SIGTERM')
    expect((await mock.exit()).code).toBe(0)
  })
})

/** `node scripts/build-if-stale.mjs` there: the build step of `npm test`. */
const buildIfStale = (cwd: string, extra: Record<string, string> = {}) =>
  spawnProcess(process.execPath, ['scripts/build-if-stale.mjs'], {
    cwd,
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name))),
      ...extra,
    },
  }).exit(START_WAIT_MS)

describe("npm test's build step", () => {
  it('builds a missing or stale dist/, keeps a fresh one, and fails with the build', async () => {
    const dir = await scratchProject()
    const first = await buildIfStale(dir)
    expect.soft(first.stderr).toContain(BUILDING)
    expect.soft(first.code).toBe(0)
    const again = await buildIfStale(dir)
    expect.soft(again.stderr).toBe('')
    expect.soft(again.code).toBe(0)
    expect(await buildsIn(dir)).toBe(1)
    await writeFile(join(dir, 'src', 'index.ts'), 'export const a = 2\n')
    const failed = await buildIfStale(dir, { FAIL_BUILD: '1' })
    expect.soft(failed.code).toBe(1)
    expect.soft(failed.stderr).toMatch(/^\[worker-api-kit\] the build failed \(exit 3\)\./m)
    expect((await buildIfStale(dir)).code).toBe(0)
    expect(await buildsIn(dir)).toBe(2)
  })
})
