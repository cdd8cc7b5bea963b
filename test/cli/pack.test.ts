// Packs the repository as published and installs the tarball into a fresh project; runs the
// documented CI recipe (docs/contract.md) as written. The tests build nothing: `npm test` builds first, and the packs
// skip `prepack` (the build) so they never rewrite dist/ while other test files spawn it. Needs the
// npm registry (or a warm cache) for the dependencies.
import { readFileSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  documentationPaths,
  documentationText,
  readDocumentation,
  relativeLinksOf,
} from '../helpers/documentation.js'
import { packedKit } from '../helpers/scratch-project.js'
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

/** npm's warnings, less the one a machine's own ~/.npmrc causes (docs/install.md#install-warnings). */
const npmWarnings = (stderr: string) =>
  stderr
    .split('\n')
    .filter((line) => /^npm warn/i.test(line) && !/Unknown (user|env) config "nodedir"/.test(line))

/** The environment of a child npm: none of the npm_* variables `npm test` set for this run. */
const cleanEnv = (extra: Record<string, string>): NodeJS.ProcessEnv => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name))),
  ...extra,
})

afterEach(async () => {
  await killSpawned()
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})

describe('npm pack', () => {
  it(
    'gives a tarball whose install runs the bin and imports createMockApp and the fixtures',
    async () => {
      // The run's one pack and install (test/helpers/packed-kit.ts): `npm pack --ignore-scripts`
      // of this checkout, then `npm install --prefer-offline --ignore-scripts=false <tarball>` in an
      // empty project, as a user installs it.
      const kit = await packedKit()
      const consumer = kit.installed
      expect(basename(kit.tarball)).toMatch(/^worker-api-kit-.+\.tgz$/)
      const files = kit.files
      expect.soft(files).toContain('dist/bin/main.js')
      expect.soft(files).toContain('dist/src/index.js')
      expect.soft(files).toContain('openapi/openapi.json')
      expect.soft(files).toContain('fixtures/index.json')
      expect.soft(files).toContain('fixtures/workers/running.json')
      expect.soft(files.filter((path) => /^(src|test)\//.test(path))).toEqual([])
      // Every page the README links, and every file those pages link, is in the tarball: the
      // README's links work in node_modules/worker-api-kit as they do in a clone. The dashboard's
      // screenshots stay in the repository (1.9 MB a user never runs): a picture, not a link.
      const shipped = readDocumentation().filter((file) => files.includes(file.path))
      expect.soft(shipped.map((file) => file.path)).toEqual(documentationPaths())
      const dead = shipped.flatMap((file) =>
        relativeLinksOf(file)
          .filter((link) => !link.isImage && !files.includes(link.path))
          .map((link) => `${file.path}:${link.line} ${link.target}`),
      )
      expect.soft(dead).toEqual([])
      expect.soft(npmWarnings(kit.installStderr)).toEqual([])

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

// The documented "In CI (GitHub Actions)" job, read from docs/contract.md and run: its `run:` blocks, in
// bash as GitHub runs them, with this checkout as the kit's checkout (its `npm ci` already done by
// CI and `npm test`) and the mock standing in for staging.

type Step = { line: number; env: Record<string, string>; workingDirectory?: string; run?: string }

const DOCUMENTATION = documentationText()
const NODE_PINS = JSON.parse(
  readFileSync(join(REPO_ROOT, 'scripts', 'node-versions.json'), 'utf8'),
) as { versions: { version: string }[] }

/** The YAML block under the `In CI (GitHub Actions)` heading, as lines. */
const ciRecipe = (): string[] => {
  const lines = DOCUMENTATION.split('\n')
  const heading = lines.findIndex((line) => /^#{2,3} In CI \(GitHub Actions\)$/.test(line))
  const open = lines.findIndex((line, index) => index > heading && line === '```yaml')
  const close = lines.findIndex((line, index) => index > open && line === '```')
  if (heading < 0 || open < 0 || close < 0) throw new Error('docs: no yaml block under In CI')
  return lines.slice(open + 1, close)
}

/** The job's steps: a small, strict reader of the keys the recipe uses; anything else throws. */
const stepsOf = (yaml: string[]): Step[] => {
  const steps: Step[] = []
  const start = yaml.indexOf('  steps:')
  if (start < 0) throw new Error('docs CI recipe: no steps')
  let nested: 'env' | 'with' | undefined
  for (let i = start + 1; i < yaml.length; i++) {
    const raw = yaml[i] ?? ''
    const text = raw.replace(/^ {4}- /, '      ')
    if (raw !== text) steps.push({ line: i, env: {} })
    const step = steps.at(-1)
    if (step === undefined || text.trim() === '' || /^ {6}#/.test(text)) continue
    const inner = /^ {8}([\w-]+): (.+)$/.exec(text)
    if (inner && nested !== undefined) {
      if (nested === 'env') step.env[inner[1] ?? ''] = inner[2] ?? ''
      continue
    }
    const key = /^ {6}([\w-]+):(?: (.*))?$/.exec(text)
    if (!key) throw new Error(`docs CI recipe line ${i + 1} not understood: ${raw}`)
    const [, name, value = ''] = key
    nested = undefined
    if (name === 'run' && value === '|') {
      const block: string[] = []
      while (i + 1 < yaml.length && /^( {8}|\s*$)/.test(yaml[i + 1] ?? '')) {
        block.push((yaml[++i] ?? '').slice(8))
      }
      step.run = `${block.join('\n').trimEnd()}\n`
    } else if (name === 'working-directory') step.workingDirectory = value
    else if ((name === 'env' || name === 'with') && value === '') nested = name
    else if (!['name', 'uses', 'with', 'if'].includes(name ?? '')) {
      throw new Error(`docs CI recipe line ${i + 1}: unexpected key ${name}`)
    }
  }
  return steps
}

describe('the documented CI recipe', () => {
  const yaml = ciRecipe()

  it('pins the kit to a commit and Node to the versions CI proves, and never runs npx --yes', () => {
    const codeLines = DOCUMENTATION.split('\n').filter((line) => /^\s*(npx|npm|"\$)/.test(line))
    expect(codeLines.filter((line) => /npx\s+(--yes|-y)\b/.test(line))).toEqual([])
    expect(yaml.join('\n')).toMatch(/^ {8}ref: [0-9a-f]{40}\b/m)
    const majors = NODE_PINS.versions.map((pin) => Number(pin.version.split('.')[0]))
    expect(yaml).toContain(`      node-version: [${majors.join(', ')}]`)
    expect(yaml.join('\n')).toMatch(/node-version: "\$\{\{ matrix\.node-version \}\}"/)
  })

  it(
    'builds, packs and installs the kit, then its bin passes the contract against the mock',
    async () => {
      const runnerTemp = await makeTempDir('runner')
      const workspace = join(runnerTemp, 'workspace')
      await mkdir(workspace)
      const [install, contract, ...others] = stepsOf(yaml).filter((step) => step.run)
      expect(others).toEqual([])
      if (install?.run === undefined || contract?.run === undefined) throw new Error('no steps')

      // The install step, in the kit's checkout: this repository, already installed and built by
      // CI and `npm test`; so no `npm ci`, and the pack skips its build (dist/ is in use).
      expect(install.workingDirectory).toBe('worker-api-kit')
      const [first, pack, ...rest] = install.run.split('\n')
      expect(first).toBe('npm ci --no-audit --no-fund')
      expect(pack).toBe('npm pack --pack-destination "$RUNNER_TEMP"')
      rest.unshift('npm pack --ignore-scripts --pack-destination "$RUNNER_TEMP"')
      const env = cleanEnv({
        RUNNER_TEMP: runnerTemp,
        GITHUB_WORKSPACE: workspace,
        npm_config_prefer_offline: 'true',
      })
      const bash = ['--noprofile', '--norc', '-eo', 'pipefail', '-c']
      const installed = await spawnProcess('bash', [...bash, rest.join('\n')], {
        cwd: REPO_ROOT,
        env,
      }).exit(PACK_TIMEOUT_MS + INSTALL_TIMEOUT_MS)
      expect(installed.code, installed.stderr).toBe(0)
      expect.soft(npmWarnings(installed.stderr)).toEqual([])

      // Staging: the installed kit's own mock. Its banner's contract line runs the installed copy.
      const kitDir = join(runnerTemp, 'kit')
      const mock = spawnProcess(
        join(kitDir, 'node_modules', '.bin', 'worker-api-kit'),
        ['mock', '--port', '0', '--quiet'],
        { cwd: kitDir, env },
      )
      const banner = await mock.waitForStdout(
        /^ {2}contract +(.+?) contract --base-url (\S+) --org-id (\S+) --llm-provider-id (\S+) -H 'x-mock-session: contract'$/m,
      )
      const [, runner, baseUrl = '', orgId = '', llmProviderId = ''] = banner
      expect.soft(runner).toBe('npx --no-install worker-api-kit')

      const token = 'Bearer readme-recipe-staging-token'
      /** A GitHub expression as written in the YAML: `${{ name }}`. */
      const expression = (name: string) => `\${{ ${name} }}`
      const expand = (text: string) => {
        const expanded = text
          .replaceAll(expression('secrets.STAGING_TOKEN'), token.replace(/^Bearer /, ''))
          .replaceAll(expression('vars.STAGING_ORG_ID'), orgId)
          .replaceAll(expression('vars.STAGING_LLM_PROVIDER_ID'), llmProviderId)
          .replaceAll('https://staging.example.com', baseUrl)
        expect(expanded).not.toContain(expression('').slice(0, 3))
        return expanded
      }
      expect(contract.workingDirectory).toBeUndefined()
      const stepEnv = Object.fromEntries(
        Object.entries(contract.env).map(([name, value]) => [name, expand(value)]),
      )
      expect(stepEnv).toEqual({ STAGING_AUTH: token })
      const judged = await spawnProcess('bash', [...bash, expand(contract.run)], {
        cwd: workspace,
        env: { ...env, ...stepEnv },
      }).exit(60_000)

      expect(judged.code, judged.stdout + judged.stderr).toBe(0)
      expect
        .soft(judged.stdout.trimEnd().split('\n').at(-1))
        .toMatch(/^\d+ passed, 0 failed, 0 skipped$/)
      const junit = await readFile(join(workspace, 'contract.xml'), 'utf8')
      const json = await readFile(join(workspace, 'contract.json'), 'utf8')
      expect.soft(junit).toMatch(/^<\?xml /)
      expect.soft(JSON.parse(json)).toMatchObject({ results: expect.any(Array) })
      for (const output of [judged.stdout, judged.stderr, junit, json]) {
        expect.soft(output).not.toContain('readme-recipe-staging-token')
      }
    },
    TEST_TIMEOUT_MS,
  )
})
