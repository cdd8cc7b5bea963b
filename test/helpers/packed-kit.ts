// vitest's globalSetup: the kit packed and installed once for the whole run, when the first test
// file asks (a run without such a file packs nothing), removed after the run. `npm pack` and an
// `npm install` of the tarball cost about 9 s of CPU together on the 2-core CI machine, and four
// files each paid them (test/cli/pack.test.ts and the three of test/toolchains). The install is a
// user's (`npm install <tarball>` in an empty project, with install scripts as npm's default runs
// them); the scratch projects copy it (scratch-project.ts) and never write into it.
// The documented CI recipe (pack.test.ts) still packs and installs on its own: its commands are
// the subject there.
import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'
import { onFirstAsk } from './on-first-ask.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** GET answers the run's PackedKit as JSON, packing and installing on the first ask. */
    packedKitUrl: string
  }
}

/** The kit as `npm pack` wrote it and `npm install` of its tarball installed it. */
export type PackedKit = {
  /** The tarball's path. */
  readonly tarball: string
  /** The paths `npm pack --json` listed in the tarball. */
  readonly files: readonly string[]
  /** An empty project (`type: module`) with the tarball installed: node_modules/worker-api-kit. */
  readonly installed: string
  /** What the install wrote to stderr (npm's warnings). */
  readonly installStderr: string
}

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url))
const PACK_TIMEOUT_MS = 30_000
const INSTALL_TIMEOUT_MS = 90_000

/** The environment of a child npm: none of the npm_* variables `npm test` set for this run. */
const cleanEnv = (): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)))

/** Runs `npm args` in `cwd`; its stdout and stderr, or an error naming the command. */
const npm = (args: string[], cwd: string, timeoutMs: number) =>
  new Promise<{ stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn('npm', args, { cwd, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk
    })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk
    })
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.on('error', reject)
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      if (code === 0) resolve({ stdout, stderr })
      else reject(new Error(`npm ${args.join(' ')} ended ${code ?? signal}:\n${stderr}`))
    })
  })

const packAndInstall = async (dir: string): Promise<PackedKit> => {
  const packed = await npm(
    ['pack', '--json', '--ignore-scripts', '--pack-destination', dir],
    REPO_ROOT,
    PACK_TIMEOUT_MS,
  )
  const [{ filename, files }] = JSON.parse(packed.stdout) as [
    { filename: string; files: { path: string }[] },
  ]
  const installed = join(dir, 'installed')
  await mkdir(installed)
  await writeFile(
    join(installed, 'package.json'),
    `${JSON.stringify({ name: 'consumer', version: '0.0.0', private: true, type: 'module' })}\n`,
  )
  const tarball = join(dir, filename)
  const install = await npm(
    ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts=false', tarball],
    installed,
    INSTALL_TIMEOUT_MS,
  )
  return {
    tarball,
    files: files.map((file) => file.path),
    installed,
    installStderr: install.stderr,
  }
}

export default async function setup(project: TestProject) {
  let dir: string | undefined
  const asks = await onFirstAsk(async () => {
    dir = await mkdtemp(join(tmpdir(), 'worker-api-kit-packed-'))
    return packAndInstall(dir)
  }, JSON.stringify)
  project.provide('packedKitUrl', asks.url)
  return async () => {
    asks.close()
    await asks.made()
    if (dir !== undefined) await rm(dir, { recursive: true, force: true })
  }
}
