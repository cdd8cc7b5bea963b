// Packs the repository as published and installs the tarball into a fresh project. The tests build
// nothing: `npm test` builds first, and the pack skips `prepare` so it never rewrites dist/ while
// other test files spawn it. Needs the npm registry (or a warm cache) for the dependencies.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { killSpawned, REPO_ROOT, spawnProcess } from '../helpers/spawn-cli.js'

const PACK_TIMEOUT_MS = 30_000
const INSTALL_TIMEOUT_MS = 80_000
const TEST_TIMEOUT_MS = 120_000

const dirs: string[] = []
const makeTempDir = async (name: string) => {
  const dir = await mkdtemp(join(tmpdir(), `worker-api-kit-${name}-`))
  dirs.push(dir)
  return dir
}

afterEach(async () => {
  await killSpawned()
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})

describe('npm pack', () => {
  it(
    'gives a tarball whose install runs the bin and imports createMockApp and the fixtures',
    async () => {
      const packDir = await makeTempDir('pack')
      const consumer = await makeTempDir('consumer')

      const pack = await spawnProcess(
        'npm',
        ['pack', '--json', '--ignore-scripts', '--pack-destination', packDir],
        { cwd: REPO_ROOT },
      ).exit(PACK_TIMEOUT_MS)
      expect(pack.code, pack.stderr).toBe(0)
      const [packed] = JSON.parse(pack.stdout) as { filename: string; files: { path: string }[] }[]
      expect(packed?.filename).toMatch(/^worker-api-kit-.+\.tgz$/)
      const files = packed?.files.map((file) => file.path) ?? []
      expect.soft(files).toContain('dist/bin/main.js')
      expect.soft(files).toContain('dist/src/index.js')
      expect.soft(files).toContain('openapi/openapi.json')
      expect.soft(files).toContain('fixtures/index.json')
      expect.soft(files).toContain('fixtures/workers/running.json')
      expect.soft(files.filter((path) => /^(src|test)\//.test(path))).toEqual([])

      await writeFile(
        join(consumer, 'package.json'),
        `${JSON.stringify({ name: 'consumer', version: '0.0.0', private: true, type: 'module' })}\n`,
      )
      const install = await spawnProcess(
        'npm',
        [
          'install',
          '--no-audit',
          '--no-fund',
          '--prefer-offline',
          '--ignore-scripts=false',
          join(packDir, packed?.filename ?? ''),
        ],
        { cwd: consumer },
      ).exit(INSTALL_TIMEOUT_MS)
      expect(install.code, install.stderr).toBe(0)

      const help = await spawnProcess(
        join(consumer, 'node_modules', '.bin', 'worker-api-kit'),
        ['--help'],
        { cwd: consumer },
      ).exit()
      const imported = await spawnProcess(
        process.execPath,
        ['-e', "import('worker-api-kit').then((m) => console.log(typeof m.createMockApp))"],
        { cwd: consumer },
      ).exit()

      const fixtures = await spawnProcess(
        process.execPath,
        [
          '-e',
          "import('worker-api-kit/fixtures').then((m) => console.log(m.workers.running.worker.status))",
        ],
        { cwd: consumer },
      ).exit()

      expect.soft(fixtures.stderr).toBe('')
      expect.soft(fixtures.stdout).toBe('running\n')
      expect.soft(help.code, help.stderr).toBe(0)
      expect.soft(help.stdout).toContain('Usage: worker-api-kit <command> [options]')
      expect.soft(help.stdout).toMatch(/^ {2}mock +\S/m)
      expect.soft(imported.stderr).toBe('')
      expect.soft(imported.stdout).toBe('function\n')
    },
    TEST_TIMEOUT_MS,
  )
})
