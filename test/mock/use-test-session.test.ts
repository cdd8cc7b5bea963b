// One call per test file gives an isolated session reset before each test (vitest here, node:test
// as a process), and `session.seed` puts it in a known state, validated by the mock.
import { beforeEach, describe, expect, it } from 'vitest'
import { createMockApp } from '../../src/mock/app.js'
import { createTestSession, useTestSession } from '../../src/mock/test-session.js'
import { mockTargets } from '../helpers/mock-targets.js'
import { spawnProcess } from '../helpers/spawn-cli.js'

const app = createMockApp()
const session = useTestSession(app, { beforeEach })

describe('useTestSession under vitest', () => {
  // The two tests run in order: the second sees what the reset left of the first.
  it('creates a worker in its session', async () => {
    const res = await session.fetch('/v1/workers', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'from the first test', destination: 'local' }),
    })
    expect(res.status).toBe(201)
    expect(await session.requests({ operation: 'createWorker' })).toHaveLength(1)
  })

  it('starts the next test from its scenario again, journal emptied', async () => {
    const names = (await session.state()).workers.map(({ worker }) => worker.name)
    expect.soft(names).not.toContain('from the first test')
    expect.soft(names).toHaveLength(3)
    expect.soft(await session.requests()).toEqual([])
  })
})

describe('session.seed', () => {
  const targets = mockTargets()

  it.each(targets)('puts the session in a known state in one call %s', async (_, target) => {
    const seeded = createTestSession(await target())
    const state = await seeded.seed({
      workers: [
        { name: 'gpu box', destination: 'cloud', status: 'stopped' },
        { name: 'laptop', destination: 'local', status: 'failed' },
      ],
      llmProvider: { source: 'custom', modelIds: ['m-1'], hasApiKey: true },
    })
    const read = await seeded.state()
    expect.soft(read.workers).toEqual(state.workers)
    expect
      .soft(read.workers.map(({ worker }) => [worker.name, worker.destination, worker.status]))
      .toEqual([
        ['gpu box', 'cloud', 'stopped'],
        ['laptop', 'local', 'failed'],
      ])
    expect.soft(read.llmProviders[0]).toMatchObject({
      source: 'custom',
      modelIds: ['m-1'],
      hasApiKey: true,
    })
  })

  it('rejects a state the mock refuses, naming the field', async () => {
    const seeded = createTestSession(createMockApp())
    // A status no worker has: the mock's seed schema refuses it with a 400 problem.
    const bad = JSON.parse('{"workers":[{"name":"x","status":"exploded"}]}')
    await expect(seeded.seed(bad)).rejects.toThrow(/400.*\/body\/workers\/0\/status/)
  })

  it('keeps the state other sessions have', async () => {
    const shared = createMockApp()
    const [seeded, other] = [createTestSession(shared), createTestSession(shared)]
    await seeded.seed({ workers: [] })
    expect((await other.state()).workers).toHaveLength(3)
  })
})

describe('useTestSession', () => {
  it("takes the runner's global beforeEach when none is passed (Jest, vitest globals)", () => {
    const hooks: Array<() => Promise<void>> = []
    Reflect.set(globalThis, 'beforeEach', (reset: () => Promise<void>) => hooks.push(reset))
    try {
      useTestSession(createMockApp())
    } finally {
      Reflect.deleteProperty(globalThis, 'beforeEach')
    }
    expect(hooks).toHaveLength(1)
  })

  it('says what to pass when it finds no beforeEach', () => {
    expect(() => useTestSession(createMockApp())).toThrow(
      /^\[worker-api-kit\] useTestSession found no beforeEach/,
    )
  })

  it('resets the session before each test under node:test', async () => {
    const run = spawnProcess(process.execPath, [
      '--import',
      'tsx',
      '--test',
      '--test-reporter=tap', // Node 24's default on a pipe is spec
      'test/runners/node-test-session.ts',
    ])
    const exit = await run.exit(60_000)
    expect(exit.stdout).toMatch(/# pass 3/)
    expect(exit.code).toBe(0)
  })
})
