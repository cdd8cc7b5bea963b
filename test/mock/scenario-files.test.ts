import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { mock } from '../../src/cli/commands/mock.js'
import { createMockApp } from '../../src/mock/app.js'
import { ScenarioError } from '../../src/mock/scenario-error.js'
import {
  loadScenarioFile,
  parseScenario,
  resolveScenario,
  shippedScenarios,
} from '../../src/mock/scenario-registry.js'
import { REPO_ROOT } from '../helpers/spawn-cli.js'

const SCENARIOS_DIR = join(REPO_ROOT, 'scenarios')
const SHIPPED_FILES = readdirSync(SCENARIOS_DIR).filter((f) => f.endsWith('.json'))

/** Writes `text` to a file in a fresh temporary folder, removed after the test. */
const tempFile = (text: string, name = 'scenario.json') => {
  const dir = mkdtempSync(join(tmpdir(), 'wak-scenario-'))
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
  const file = join(dir, name)
  writeFileSync(file, text)
  return file
}

/** The ScenarioError a call throws (fails the test if it throws nothing or something else). */
const scenarioErrorOf = (call: () => unknown): ScenarioError => {
  try {
    call()
  } catch (error) {
    if (error instanceof ScenarioError) return error
    throw error
  }
  throw new Error('expected a ScenarioError, got none')
}

const step = (afterMs: number) => ({ afterMs, status: 'pending', instanceStatus: 'pending' })
const lifecycleWithLocal = (local: unknown[]) => ({ local, cloud: [step(0)] })

describe('scenario files', () => {
  it('ships the seven documented scenarios', () => {
    expect(SHIPPED_FILES.map((f) => basename(f, '.json')).sort()).toEqual([
      'auth-required',
      'cloud-provisioning',
      'default',
      'empty',
      'flaky',
      'rate-limited',
      'slow',
    ])
  })

  it.each(SHIPPED_FILES)('parses scenarios/%s and names it after its file', (file) => {
    const scenario = loadScenarioFile(join(SCENARIOS_DIR, file))
    expect.soft(scenario.name).toBe(basename(file, '.json'))
    expect.soft(scenario.description.length).toBeGreaterThan(20)
    expect.soft(shippedScenarios().get(scenario.name)).toEqual(scenario)
  })

  it('registers exactly the shipped files, by name', () => {
    expect([...shippedScenarios().keys()].sort()).toEqual(
      SHIPPED_FILES.map((f) => basename(f, '.json')).sort(),
    )
  })

  it.each(SHIPPED_FILES)('lists %s in the help of the mock command', (file) => {
    expect(mock.usage).toMatch(new RegExp(`\\b${basename(file, '.json')}\\b`))
  })

  it.each(SHIPPED_FILES)('builds an app on %s', (file) => {
    const app = createMockApp({ scenario: basename(file, '.json') })
    expect(app.scenario().name).toBe(basename(file, '.json'))
  })

  it.each([
    ['not JSON', '{"name": "x",', '', 'not JSON'],
    ['an unknown top-level key', { name: 'x', colour: 'red' }, '/colour', 'Unknown key "colour"'],
    ['a name with capitals and spaces', { name: 'My Scenario' }, '/name', 'lowercase'],
    ['a name that is too long', { name: 'a'.repeat(65) }, '/name', 'lowercase'],
    [
      'a latency max below its min',
      { name: 'x', rules: [{ latency: { min: 500, max: 100 } }] },
      '/rules/0/latency',
      'min must not exceed max',
    ],
    [
      'a rule with respond and fault',
      { name: 'x', rules: [{}, { respond: { status: 200 }, fault: 'reset' }] },
      '/rules/1',
      'at most one of respond, problem and fault',
    ],
    [
      'a rule with problem and respond',
      { name: 'x', rules: [{ problem: { status: 503 }, respond: { status: 200 } }] },
      '/rules/0',
      'at most one of respond, problem and fault',
    ],
    [
      'a negative afterMs',
      { name: 'x', lifecycle: lifecycleWithLocal([step(0), step(-1)]) },
      '/lifecycle/local/1/afterMs',
      '>=0',
    ],
    [
      'a first lifecycle step after 0',
      { name: 'x', lifecycle: lifecycleWithLocal([step(10)]) },
      '/lifecycle/local',
      'the first step starts at afterMs 0',
    ],
    [
      'an unknown operation in match',
      { name: 'x', rules: [{}, { match: { operation: 'deleteWorker' } }] },
      '/rules/1/match/operation',
      'createWorker',
    ],
    [
      'an unknown key in a rule',
      { name: 'x', rules: [{ delay: 100 }] },
      '/rules/0/delay',
      'Unknown key "delay"',
    ],
    [
      'a problem status below 400',
      { name: 'x', rules: [{ problem: { status: 302 } }] },
      '/rules/0/problem/status',
      '>=400',
    ],
    [
      'a wait beyond the bound',
      { name: 'x', rules: [{ fault: 'hang', hangMs: 10_000_000 }] },
      '/rules/0/hangMs',
      '<=120000',
    ],
    [
      'a seeded worker with an unknown status',
      { name: 'x', state: { workers: [{ status: 'sleeping' }] } },
      '/state/workers/0/status',
      'running',
    ],
  ])(
    'rejects a file with %s, naming the file, the pointer and the problem',
    (_, content, pointer, problem) => {
      const file = tempFile(typeof content === 'string' ? content : JSON.stringify(content))
      const error = scenarioErrorOf(() => loadScenarioFile(file))
      expect.soft(error.code).toBe('E_SCENARIO')
      expect.soft(error.source).toBe(file)
      expect.soft(error.message).toMatch(/^\[worker-api-kit\] /)
      expect.soft(error.message).toContain(file)
      // A problem of the whole file (not JSON) has no pointer to print.
      expect.soft(error.message).toContain(pointer ? `${pointer}: ` : 'is invalid: ')
      expect.soft(error.message).toContain(problem)
      expect
        .soft(error.problems)
        .toContainEqual({ pointer, message: expect.stringContaining(problem) })
    },
  )

  it('rejects a file with an unknown key in a lifecycle step', () => {
    const file = tempFile(
      JSON.stringify({ name: 'x', lifecycle: lifecycleWithLocal([{ ...step(0), note: 'typo' }]) }),
    )
    const error = scenarioErrorOf(() => loadScenarioFile(file))
    expect(error.problems).toContainEqual({
      pointer: '/lifecycle/local/0/note',
      message: 'Unknown key "note"',
    })
  })

  it('names the file and the read error for a file that does not exist', () => {
    const file = join(tempFile('{}'), '..', 'missing.json')
    const error = scenarioErrorOf(() => loadScenarioFile(file))
    expect.soft(error.message).toContain(file)
    expect.soft(error.message).toContain('cannot read')
  })

  it('reports every broken pointer of a file in one error', () => {
    const file = tempFile(
      JSON.stringify({ name: 'Bad', rules: [{ latency: -1 }, { probability: 2 }] }),
    )
    const error = scenarioErrorOf(() => loadScenarioFile(file))
    expect(error.problems.map((p) => p.pointer)).toEqual(
      expect.arrayContaining(['/name', '/rules/0/latency', '/rules/1/probability']),
    )
  })

  it('fills the defaults of a minimal scenario, and leaves its state undeclared', () => {
    expect(parseScenario({ name: 'minimal' }, 'inline')).toEqual({
      name: 'minimal',
      description: '',
      auth: false,
      rules: [],
    })
  })

  it('fills the defaults of a declared state', () => {
    expect(parseScenario({ name: 'stated', state: {} }, 'inline').state).toEqual({
      organization: {},
      llmProvider: {},
      workers: [],
    })
  })

  it('resolves a shipped name to its scenario', () => {
    expect(resolveScenario('flaky')).toBe(shippedScenarios().get('flaky'))
  })

  it('reads a path with a slash as a file, whatever its extension', () => {
    const file = tempFile(JSON.stringify({ name: 'from-file' }), 'custom.scenario')
    expect(resolveScenario(file).name).toBe('from-file')
  })

  it('reads a bare name ending in .json as a file, not as a shipped name', () => {
    const error = scenarioErrorOf(() => resolveScenario('absent-scenario.json'))
    expect(error.message).toContain('cannot read')
  })

  it('lists every known scenario for an unknown name', () => {
    const error = scenarioErrorOf(() => resolveScenario('no-such-scenario'))
    expect.soft(error.message).toContain('no-such-scenario')
    for (const name of shippedScenarios().keys()) expect.soft(error.message).toContain(name)
  })

  it('lists the names of the registry it is given for an unknown name', () => {
    const registry = new Map([['mine', parseScenario({ name: 'mine' }, 'inline')]])
    const error = scenarioErrorOf(() => resolveScenario('flaky', registry))
    expect.soft(error.message).toContain('known: mine')
    expect.soft(error.message).not.toContain('rate-limited')
  })
})
