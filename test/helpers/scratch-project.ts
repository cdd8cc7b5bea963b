// A fresh project outside the repository with the packed kit installed, as a user's would be: the
// run's one `npm pack` of this checkout and `npm install` of the tarball (packed-kit.ts, a
// globalSetup), copied into the project as hard links, and the toolchain under test (vite, jest,
// typescript…) linked from this repository's devDependencies. One per test file, made in its
// beforeAll. Builders only: no assertions here.
import {
  link,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  readlink,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, inject } from 'vitest'
import type { PackedKit } from './packed-kit.js'
import { killSpawned, REPO_ROOT } from './spawn-cli.js'

/** What making one takes at most (the run's pack and install, on the first ask). */
const SCRATCH_SETUP_TIMEOUT_MS = 130_000

/** The run's packed and installed kit (packed on the first ask). */
export const packedKit = async (): Promise<PackedKit> => {
  const response = await fetch(inject('packedKitUrl'))
  if (!response.ok) throw new Error(`the kit could not be packed:\n${await response.text()}`)
  return (await response.json()) as PackedKit
}

/** A copy of the tree at `from` made of hard links (files) and the same symbolic links. */
const linkTree = async (from: string, to: string): Promise<void> => {
  await mkdir(to, { recursive: true })
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = join(from, entry.name)
    const target = join(to, entry.name)
    if (entry.isDirectory()) await linkTree(source, target)
    else if (entry.isSymbolicLink()) await symlink(await readlink(source), target)
    else await link(source, target)
  }
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
    const kit = await packedKit()
    const installed = JSON.parse(await readFile(join(kit.installed, 'package.json'), 'utf8'))
    await write({
      'package.json': `${JSON.stringify({ ...installed, name: 'scratch', type })}\n`,
    })
    await linkTree(join(kit.installed, 'node_modules'), join(dir, 'node_modules'))
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
