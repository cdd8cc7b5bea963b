// package-lock.json is what a clean `npm install` leaves it, and every locked package with an
// install script has a recorded decision in package.json's allowScripts (npm 11 runs none other).
// Needs the npm registry (or a warm cache): npm resolves the manifests to rebuild the lockfile.
import { readFileSync } from 'node:fs'
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { REPO_ROOT, spawnProcess } from './helpers/spawn-cli.js'

const NPM_TIMEOUT_MS = 60_000

type Lock = {
  packages: Record<string, { hasInstallScript?: boolean; bin?: unknown; engines?: unknown }>
}
type Manifest = {
  bin?: unknown
  engines?: unknown
  allowScripts?: Record<string, boolean>
  scarfSettings?: { enabled?: boolean }
}

const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as Manifest
const lock = JSON.parse(readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8')) as Lock

const dirs: string[] = []
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})

/** package.json and the lockfile (as given) in a fresh folder, then npm's own lockfile pass. */
const relock = async (lockText: string) => {
  const dir = await mkdtemp(join(tmpdir(), 'worker-api-kit-lock-'))
  dirs.push(dir)
  await copyFile(join(REPO_ROOT, 'package.json'), join(dir, 'package.json'))
  await writeFile(join(dir, 'package-lock.json'), lockText)
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)),
  )
  const npm = await spawnProcess(
    'npm',
    [
      'install',
      '--package-lock-only',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
    ],
    { cwd: dir, env },
  ).exit(NPM_TIMEOUT_MS)
  expect(npm.code, npm.stderr).toBe(0)
  return readFile(join(dir, 'package-lock.json'), 'utf8')
}

describe('package-lock.json', () => {
  it(
    'is left unchanged by npm install --package-lock-only',
    async () => {
      const committed = readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8')
      expect(await relock(committed)).toBe(committed)
    },
    NPM_TIMEOUT_MS,
  )

  it(
    'would be rewritten if its root entry went stale (the check bites: the old bin, issue 9)',
    async () => {
      const stale = structuredClone(lock)
      const root = stale.packages['']
      if (root === undefined) throw new Error('no root entry')
      root.bin = { 'worker-api-kit': 'dist/src/cli/main.js' }
      const relocked = JSON.parse(await relock(`${JSON.stringify(stale, null, 2)}\n`)) as Lock
      expect(relocked.packages['']?.bin).toEqual(manifest.bin)
    },
    NPM_TIMEOUT_MS,
  )

  it('copies bin and engines from package.json into its root entry', () => {
    expect(lock.packages['']?.bin).toEqual(manifest.bin)
    expect(lock.packages['']?.engines).toEqual(manifest.engines)
  })
})

describe('allowScripts', () => {
  it('decides about every locked package that has an install script', () => {
    const withScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript === true)
      .map(([path]) => path.replace(/^.*node_modules\//, ''))
    expect(withScripts.length).toBeGreaterThan(0)
    const decided = Object.keys(manifest.allowScripts ?? {})
    expect(withScripts.filter((name) => !decided.includes(name))).toEqual([])
  })

  it('never allows the scarf telemetry, and turns it off', () => {
    expect(manifest.allowScripts?.['@scarf/scarf']).toBe(false)
    expect(manifest.scarfSettings).toEqual({ enabled: false })
  })
})
