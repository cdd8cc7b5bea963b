// Jest's jsdom environment and the packed kit (docs/library.md#module-formats): plain `jsdom`
// (React Testing Library's default) asks for the `browser` export condition and gets the kit's
// browser build, which has no mock; a test that uses the mock there fails with one line naming
// the fix, not "createMockApp is not a function". The fix it names, jest-fixed-jsdom, runs the
// same test. One scratch project (package.json `type: commonjs`) for the file.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useScratchProject } from '../helpers/scratch-project.js'
import { REPO_ROOT, spawnProcess } from '../helpers/spawn-cli.js'

const RUN_TIMEOUT_MS = 60_000

const project = useScratchProject('commonjs', [
  'jest',
  'ts-jest',
  'typescript',
  '@jest/globals',
  'jest-environment-jsdom',
  'jest-fixed-jsdom',
])

/** ts-jest in CommonJS mode, as test/toolchains/commonjs.test.ts runs the README's Jest snippet. */
const TSCONFIG = `${JSON.stringify({
  compilerOptions: {
    module: 'commonjs',
    moduleResolution: 'node10',
    ignoreDeprecations: '6.0',
    target: 'es2022',
    strict: true,
    esModuleInterop: true,
    skipLibCheck: true,
    types: [],
  },
})}\n`

/** A Jest config with `environment` as its test environment, running `jest/**` files. */
const jestConfig = (environment: string) => `module.exports = {
  testEnvironment: '${environment}',
  watchman: false,
  cacheDirectory: '<rootDir>/.jest-cache',
  testMatch: ['<rootDir>/jest/**/*.test.ts'],
  transform: { '^.+\\\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.jest.json' }] },
}
`

/** Runs `file` (written with `text`) under Jest with `environment`; its exit and output. */
const runJest = async (environment: string, file: string, text: string) => {
  const config = `jest.${environment}.config.js`
  await project().write({ [config]: jestConfig(environment), 'tsconfig.jest.json': TSCONFIG })
  await project().write({ [file]: text })
  const exit = await spawnProcess(
    process.execPath,
    [join(project().dir, 'node_modules/jest/bin/jest.js'), '--ci', '--config', config, file],
    { cwd: project().dir },
  ).exit(RUN_TIMEOUT_MS)
  return { code: exit.code, output: exit.stdout + exit.stderr }
}

/** The README's Jest snippet: the mock in-process with useTestSession. */
const JEST_SNIPPET = join(REPO_ROOT, 'test/readme-snippets/jest-snippet.ts')

describe('the packed kit under Jest with jsdom', () => {
  it(
    "fails under plain jsdom with one line naming jest-fixed-jsdom, not 'is not a function'",
    async () => {
      const run = await runJest(
        'jsdom',
        'jest/session.test.ts',
        await readFile(JEST_SNIPPET, 'utf8'),
      )
      expect(run.code, run.output).not.toBe(0)
      expect(run.output).not.toContain('is not a function')
      const lines = run.output.split('\n').filter((line) => line.includes('[worker-api-kit]'))
      expect(lines, run.output).toHaveLength(1)
      expect(lines[0]?.trim()).toMatch(
        /^\[worker-api-kit\] useTestSession is not in the browser build that Jest's jsdom environment loads .*: set testEnvironment: 'jest-fixed-jsdom' \(npm i -D jest-fixed-jsdom\), or 'node'\.$/,
      )
    },
    RUN_TIMEOUT_MS,
  )

  it(
    'runs the same snippet under jest-fixed-jsdom, the environment the line names',
    async () => {
      const run = await runJest(
        'jest-fixed-jsdom',
        'jest/session.test.ts',
        await readFile(JEST_SNIPPET, 'utf8'),
      )
      expect(run.code, run.output).toBe(0)
      expect(run.output).toMatch(/Tests: +3 passed, 3 total/)
    },
    RUN_TIMEOUT_MS,
  )

  it(
    'validates with the schemas under plain jsdom (the browser build loads there)',
    async () => {
      const run = await runJest(
        'jsdom',
        'jest/schemas.test.ts',
        `import { expect, it } from '@jest/globals'
import { CreateWorkerBody, defineScenario } from 'worker-api-kit'

it('refuses an empty name', () => {
  expect(CreateWorkerBody.safeParse({ name: '', destination: 'local' }).success).toBe(false)
  expect(typeof defineScenario).toBe('function')
  expect(typeof document.createElement).toBe('function')
})
`,
      )
      expect(run.code, run.output).toBe(0)
      expect(run.output).toMatch(/Tests: +1 passed, 1 total/)
    },
    RUN_TIMEOUT_MS,
  )
})
