import { jsonPointer } from '../common/json-pointer.js'
import { readFileAtMost, unreadReason } from '../common/read-file-at-most.js'
import { tooDeepAt } from '../common/too-deep-at.js'
import { scenarioFromHar } from './har-scenario.js'
import { Scenario } from './scenario.js'
import { ScenarioError, scenarioErrorOf } from './scenario-error.js'
import {
  MAX_HAR_FILE_BYTES,
  MAX_SCENARIO_DEPTH,
  MAX_SCENARIO_FILE_BYTES,
} from './scenario-file-bounds.js'
import { isHarPath, isScenarioPath } from './scenario-path.js'
import { SHIPPED_SCENARIOS } from './shipped-scenarios.js'

export type ScenarioRegistry = ReadonlyMap<string, Scenario>

export { MAX_SCENARIO_FILE_BYTES }

/** Parses a scenario, or throws a `ScenarioError` naming the source and every broken pointer. */
export const parseScenario = (raw: unknown, source: string): Scenario => {
  const deep = tooDeepAt(raw, MAX_SCENARIO_DEPTH)
  if (deep) {
    throw new ScenarioError(source, [
      {
        pointer: jsonPointer(deep),
        message: `nested deeper than ${MAX_SCENARIO_DEPTH} levels`,
      },
    ])
  }
  const result = Scenario.safeParse(raw)
  if (!result.success) throw scenarioErrorOf(source, result.error)
  return result.data
}

/** node:fs when running on Node, undefined in a browser (the MSW export). */
const nodeFs = (): typeof import('node:fs') | undefined => {
  const get = globalThis.process?.getBuiltinModule
  return typeof get === 'function' ? get('node:fs') : undefined
}

/**
 * Reads and validates one scenario file (JSON), or reads a HAR file (`.har`) into a scenario: a
 * regular file within its bound, read no further (a FIFO, a device or a directory is refused as
 * it is, without waiting or reading).
 */
export const loadScenarioFile = (file: string): Scenario => {
  const fs = nodeFs()
  if (!fs)
    throw new ScenarioError(file, [{ pointer: '', message: 'files can be read only on Node' }])
  const isHar = isHarPath(file)
  const maxBytes = isHar ? MAX_HAR_FILE_BYTES : MAX_SCENARIO_FILE_BYTES
  const read = readFileAtMost(fs, file, maxBytes)
  if (read.kind !== 'read') {
    const message =
      read.kind === 'too-large'
        ? `too large; a ${isHar ? 'HAR' : 'scenario'} file has at most ${maxBytes} bytes`
        : `cannot read: ${unreadReason(read, maxBytes)}`
    throw new ScenarioError(file, [{ pointer: '', message }])
  }
  let raw: unknown
  try {
    raw = JSON.parse(new TextDecoder().decode(read.bytes))
  } catch (error) {
    throw new ScenarioError(file, [
      {
        pointer: '',
        message: `not JSON: ${error instanceof Error ? error.message : String(error)}`,
      },
    ]) // JSON.parse throws SyntaxError
  }
  return parseScenario(isHar ? scenarioFromHar(raw, file) : raw, file)
}

const parsed = new Map<string, Scenario>()

/** A shipped scenario, parsed once. */
const parseShipped = (name: string, raw: unknown): Scenario => {
  let scenario = parsed.get(name)
  if (!scenario) {
    scenario = parseScenario(raw, `scenarios/${name}.json`)
    parsed.set(name, scenario)
  }
  return scenario
}

/**
 * One shipped scenario by name (`scenarios/NAME.json`, carried as data in
 * `shipped-scenarios.ts`), or undefined. Parses only that one: the start-up needs one of them.
 */
export const shippedScenario = (name: string): Scenario | undefined =>
  Object.hasOwn(SHIPPED_SCENARIOS, name) ? parseShipped(name, SHIPPED_SCENARIOS[name]) : undefined

let all: ScenarioRegistry | undefined

/** The scenarios shipped in `scenarios/*.json`, by name: the same in Node and in a browser. */
export const shippedScenarios = (): ScenarioRegistry => {
  all ??= new Map(
    Object.entries(SHIPPED_SCENARIOS).map(([name, raw]) => [name, parseShipped(name, raw)]),
  )
  return all
}

/**
 * A scenario by name, or by file path (a name has no `/`, no `.json` and no `.har`). With `names: 'only'`, a
 * path is looked up as a name (and so not found): for callers that must not read the disk.
 */
export const resolveScenario = (
  nameOrFile: string,
  registry: ScenarioRegistry = shippedScenarios(),
  { names }: { names: 'or-files' | 'only' } = { names: 'or-files' },
): Scenario => {
  if (isScenarioPath(nameOrFile) && names === 'or-files') return loadScenarioFile(nameOrFile)
  const found = registry.get(nameOrFile)
  if (!found) {
    throw new ScenarioError(nameOrFile, [
      { pointer: '', message: `no such scenario; known: ${[...registry.keys()].join(', ')}` },
    ])
  }
  return found
}
