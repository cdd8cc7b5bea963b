// CommonJS consumers of the packed kit (docs/library.md#module-formats): Node's `require`, Jest with
// ts-jest in CommonJS mode, and TypeScript's declarations under every module resolution a project
// may use. One scratch project (package.json `type: commonjs`) for the file.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { documentationText } from '../helpers/documentation.js'
import { useScratchProject } from '../helpers/scratch-project.js'
import { REPO_ROOT, spawnProcess } from '../helpers/spawn-cli.js'

const RUN_TIMEOUT_MS = 60_000

const project = useScratchProject('commonjs', [
  'jest',
  'ts-jest',
  'typescript',
  '@jest/globals',
  'msw',
])
const tool = (path: string) => join(project().dir, 'node_modules', path)
const runIn = (command: string, args: string[]) =>
  spawnProcess(command, args, { cwd: project().dir }).exit(RUN_TIMEOUT_MS)

const CREATE = `{
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'cjs worker', destination: 'local' }),
  }`

/** Jest with ts-jest in CommonJS mode, as the README's Jest snippet is run. */
const JEST_SETUP = {
  'jest.config.js': `module.exports = {
  testEnvironment: 'node',
  watchman: false,
  cacheDirectory: '<rootDir>/.jest-cache',
  testMatch: ['<rootDir>/jest/**/*.test.ts'],
  transform: { '^.+\\\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.jest.json' }] },
}
`,
  'tsconfig.jest.json': `${JSON.stringify({
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
  })}\n`,
}

const JEST_SNIPPET = join(REPO_ROOT, 'test/readme-snippets/jest-snippet.ts')

/** Writes one Jest test file (with the Jest setup) and runs it; expects `passed` tests to pass. */
const runJest = async (file: string, text: string, passed: number) => {
  await project().write({ ...JEST_SETUP, [file]: text })
  const exit = await runIn(process.execPath, [tool('jest/bin/jest.js'), '--ci', file])
  expect(exit.code, exit.stdout + exit.stderr).toBe(0)
  expect(exit.stderr).toMatch(new RegExp(`Tests: +${passed} passed, ${passed} total`))
}

describe('the packed kit in a CommonJS project', () => {
  it(
    "is required by node:test, and import() gives the same module (one copy of the mock's state)",
    async () => {
      await project().write({
        'create.test.js': `const assert = require('node:assert')
const test = require('node:test')
const { createMockApp, ContractError } = require('worker-api-kit')
const { workers } = require('worker-api-kit/fixtures')
const { CreateWorkerBody } = require('worker-api-kit/schemas')
const { createMswHandlers } = require('worker-api-kit/msw')

test('creates a worker in-process', async () => {
  const app = createMockApp({ seed: 7 })
  const res = await app.request('/v1/workers', ${CREATE})
  assert.strictEqual(res.status, 201)
  assert.strictEqual((await res.json()).worker.name, 'cjs worker')
  assert.strictEqual(workers.running.worker.status, 'running')
  assert.strictEqual(CreateWorkerBody.safeParse({ name: '', destination: 'local' }).success, false)
})

test('requires the MSW handlers', () => {
  const { handlers, app } = createMswHandlers({ baseUrl: 'https://api.example.com' })
  // the three declared operations, /__mock and /__mock/*: nothing else is claimed
  assert.strictEqual(handlers.length, 5)
  assert.strictEqual(typeof app.request, 'function')
})

test('import() and require() give one module', async () => {
  const imported = await import('worker-api-kit')
  assert.strictEqual(imported.createMockApp, createMockApp)
  assert.strictEqual(imported.ContractError, ContractError)
})
`,
      })
      const exit = await runIn(process.execPath, [
        '--test',
        '--test-reporter=tap',
        'create.test.js',
      ])
      expect(exit.code, exit.stdout + exit.stderr).toBe(0)
      expect(exit.stdout).toMatch(/^# pass 3$/m)
    },
    RUN_TIMEOUT_MS,
  )

  it(
    'is required where no global Request exists (jsdom under Jest with the node condition)',
    async () => {
      // jsdom takes Node's fetch globals away; only starting a server needs @hono/node-server's.
      await project().write({
        'no-request.js': `delete globalThis.Request
delete globalThis.Response
const { createMockApp, CreateWorkerBody, startMockServer } = require('worker-api-kit')
console.log(typeof createMockApp, typeof startMockServer, CreateWorkerBody.safeParse({}).success)
`,
      })
      const exit = await runIn(process.execPath, ['no-request.js'])
      expect(exit.stderr).toBe('')
      expect(exit.stdout.trim()).toBe('function function false')
    },
    RUN_TIMEOUT_MS,
  )

  it(
    "is required under the browser condition (Jest's jsdom environment): the schemas, no server",
    async () => {
      await project().write({
        'browser-root.js': `const kit = require('worker-api-kit')
console.log(typeof kit.CreateWorkerBody.safeParse, typeof kit.defineScenario, 'startMockServer' in kit, Object.keys(kit).includes('startMockServer'))
try {
  kit.startMockServer
} catch (error) {
  console.log(error.message)
}
`,
      })
      const exit = await runIn(process.execPath, ['--conditions=browser', 'browser-root.js'])
      expect(exit.stderr).toBe('')
      const [types, refusal] = exit.stdout.trim().split('\n')
      // A name of Node's root is no export there: reading it throws a line naming the way
      // (test/toolchains/jest-jsdom.test.ts runs Jest's jsdom).
      expect(types).toBe('function function true false')
      expect(refusal).toBe(
        "[worker-api-kit] startMockServer runs on Node and this is the browser build (the 'browser' export condition): in a page the mock runs through worker-api-kit/msw.",
      )
    },
    RUN_TIMEOUT_MS,
  )

  it(
    'runs under Jest with ts-jest in CommonJS mode: a mock app in-process answers a create',
    async () => {
      await runJest(
        'jest/create.test.ts',
        `import { expect, test } from '@jest/globals'
import { createMockApp, type Worker } from 'worker-api-kit'

test('a mock app answers a create', async () => {
  const app = createMockApp({ seed: 7 })
  const res = await app.request('/v1/workers', ${CREATE})
  expect(res.status).toBe(201)
  const { worker } = (await res.json()) as { worker: Worker }
  expect(worker.name).toBe('cjs worker')
})
`,
        1,
      )
    },
    RUN_TIMEOUT_MS,
  )

  it(
    "runs the README's Jest snippet: useTestSession resets the session between tests",
    async () => {
      const snippet = await readFile(JEST_SNIPPET, 'utf8')
      expect(documentationText()).toContain(`\`\`\`ts\n${snippet}\`\`\``)
      await runJest('jest/session.test.ts', snippet, 3)
    },
    RUN_TIMEOUT_MS,
  )

  it(
    'type-checks with module node16 (CommonJS and ESM files), nodenext and bundler',
    async () => {
      const uses = (
        from: string,
      ) => `import { CreateWorkerBody, createMockApp, type Worker } from '${from}'
import type { Fixtures } from 'worker-api-kit/fixtures'
import { type CreateWorkerBody as Body } from 'worker-api-kit/schemas'

const body: Body = CreateWorkerBody.parse({ name: 'w', destination: 'local' })
export const app = createMockApp({ seed: 1 })
export const status = (worker: Worker, fixtures: Fixtures): string =>
  worker.status + fixtures.workers.running.worker.status + body.name
`
      const tsconfig = (compilerOptions: Record<string, unknown>, include: string[]) =>
        `${JSON.stringify({ compilerOptions: { strict: true, noEmit: true, skipLibCheck: true, types: [], ...compilerOptions }, include })}\n`
      await project().write({
        'types/cjs.ts': uses('worker-api-kit'),
        'types/esm.mts': uses('worker-api-kit'),
        'types/bundler/app.ts': uses('worker-api-kit'),
        'tsconfig.node16.json': tsconfig({ module: 'node16' }, ['types/cjs.ts', 'types/esm.mts']),
        'tsconfig.nodenext.json': tsconfig({ module: 'nodenext' }, [
          'types/cjs.ts',
          'types/esm.mts',
        ]),
        'tsconfig.bundler.json': tsconfig({ module: 'preserve', moduleResolution: 'bundler' }, [
          'types/bundler/app.ts',
        ]),
      })
      for (const config of ['node16', 'nodenext', 'bundler']) {
        const exit = await runIn(process.execPath, [
          tool('typescript/bin/tsc'),
          '-p',
          `tsconfig.${config}.json`,
        ])
        expect.soft(exit.stdout + exit.stderr, config).toBe('')
        expect.soft(exit.code, config).toBe(0)
      }
    },
    RUN_TIMEOUT_MS,
  )

  it(
    'runs under Jest in CommonJS mode over HTTP: useTestSession on a mock server it started, session.once',
    async () => {
      await runJest(
        'jest/http.test.ts',
        `import { afterAll, beforeAll, expect, it } from '@jest/globals'
import { type MockServer, startMockServer, useTestSession } from 'worker-api-kit'

let server: MockServer
beforeAll(async () => {
  server = await startMockServer({ port: 0 })
})
afterAll(() => server.close())
const session = useTestSession(() => server.url)

it('creates a worker over HTTP', async () => {
  const res = await session.fetch('/v1/workers', ${CREATE})
  expect(res.status).toBe(201)
  expect((await session.state()).workers.map(({ worker }) => worker.name)).toContain('cjs worker')
})

it('starts the next test from the scenario again', async () => {
  const names = (await session.state()).workers.map(({ worker }) => worker.name)
  expect(names).not.toContain('cjs worker')
})

it('scripts the next create with session.once', async () => {
  await session.once({ match: { operation: 'createWorker' }, problem: { status: 503 } })
  expect((await session.fetch('/v1/workers', ${CREATE})).status).toBe(503)
  expect((await session.fetch('/v1/workers', ${CREATE})).status).toBe(201)
})
`,
        3,
      )
    },
    RUN_TIMEOUT_MS,
  )
})
