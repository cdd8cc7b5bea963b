// A fresh project outside the repository with the packed kit installed, as a user's would be:
// `npm pack` of this checkout (built already: `npm test` builds first; the pack skips `prepack`),
// `npm install` of the tarball (its dependencies from the npm registry or the cache), and the
// toolchain under test (vite, jest, typescript…) linked from this repository's devDependencies.
// One per test file, made in its beforeAll. Builders only: no assertions here.
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { killSpawned, REPO_ROOT, spawnProcess } from './spawn-cli.js'

const PACK_TIMEOUT_MS = 30_000
const INSTALL_TIMEOUT_MS = 90_000
/** What making one takes at most: the beforeAll timeout of a file that makes one. */
const SCRATCH_SETUP_TIMEOUT_MS = PACK_TIMEOUT_MS + INSTALL_TIMEOUT_MS + 10_000

/** The environment of a child npm: none of the npm_* variables `npm test` set for this run. */
const cleanEnv = (): NodeJS.ProcessEnv => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name))),
  npm_config_prefer_offline: 'true',
})

const run = async (command: string, args: string[], cwd: string, timeoutMs: number) => {
  const exit = await spawnProcess(command, args, { cwd, env: cleanEnv() }).exit(timeoutMs)
  if (exit.code !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${exit.stderr}`)
  return exit.stdout
}

export type ScratchProject = {
  readonly dir: string
  /** Writes `files` (path relative to the project → text). */
  readonly write: (files: Record<string, string>) => Promise<void>
  readonly remove: () => Promise<void>
}

/**
 * A temp folder whose package.json has `type`, with the packed kit installed and each of `tools`
 * (package names of this repository's node_modules) linked into its node_modules.
 */
export const makeScratchProject = async (
  type: 'module' | 'commonjs',
  tools: readonly string[],
): Promise<ScratchProject> => {
  const dir = await mkdtemp(join(tmpdir(), 'worker-api-kit-toolchain-'))
  const write = async (files: Record<string, string>) => {
    for (const [path, text] of Object.entries(files)) {
      await mkdir(dirname(join(dir, path)), { recursive: true })
      await writeFile(join(dir, path), text)
    }
  }
  const remove = () => rm(dir, { recursive: true, force: true })
  try {
    const packed = await run(
      'npm',
      ['pack', '--json', '--ignore-scripts', '--pack-destination', dir],
      REPO_ROOT,
      PACK_TIMEOUT_MS,
    )
    const [{ filename }] = JSON.parse(packed) as [{ filename: string }]
    await write({
      'package.json': `${JSON.stringify({ name: 'scratch', version: '0.0.0', private: true, type })}\n`,
    })
    await run(
      'npm',
      ['install', '--no-audit', '--no-fund', '--ignore-scripts', join(dir, filename)],
      dir,
      INSTALL_TIMEOUT_MS,
    )
    for (const tool of tools) {
      await mkdir(dirname(join(dir, 'node_modules', tool)), { recursive: true })
      await symlink(join(REPO_ROOT, 'node_modules', tool), join(dir, 'node_modules', tool), 'dir')
    }
  } catch (error) {
    await remove()
    throw error
  }
  return { dir, write, remove }
}

/**
 * One scratch project for the calling test file: made in its beforeAll, removed (with every
 * process the file spawned) in its afterAll. Answers a getter: the project exists once the file's
 * tests run.
 */
export const useScratchProject = (
  type: 'module' | 'commonjs',
  tools: readonly string[],
): (() => ScratchProject) => {
  let project: ScratchProject | undefined
  beforeAll(async () => {
    project = await makeScratchProject(type, tools)
  }, SCRATCH_SETUP_TIMEOUT_MS)
  afterAll(async () => {
    await killSpawned()
    await project?.remove()
  })
  return () => {
    if (project === undefined) throw new Error('the scratch project is made in beforeAll')
    return project
  }
}
