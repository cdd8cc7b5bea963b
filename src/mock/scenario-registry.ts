import { Scenario } from './scenario.js'
import { ScenarioError, scenarioErrorOf } from './scenario-error.js'
import { SHIPPED_SCENARIOS } from './shipped-scenarios.js'

export type ScenarioRegistry = ReadonlyMap<string, Scenario>

/** The largest scenario file the mock reads (1 MiB): every value in it is bounded by its schema too. */
export const MAX_SCENARIO_FILE_BYTES = 1024 * 1024

/** Parses a scenario, or throws a `ScenarioError` naming the source and every broken pointer. */
export const parseScenario = (raw: unknown, source: string): Scenario => {
  const result = Scenario.safeParse(raw)
  if (!result.success) throw scenarioErrorOf(source, result.error)
  return result.data
}

/** node:fs when running on Node, undefined in a browser (the MSW export). */
const nodeModules = (): { fs: typeof import('node:fs') } | undefined => {
  const get = globalThis.process?.getBuiltinModule
  if (typeof get !== 'function') return undefined
  return { fs: get('node:fs') }
}

/** Reads and validates one scenario file (JSON). */
export const loadScenarioFile = (file: string): Scenario => {
  const node = nodeModules()
  if (!node)
    throw new ScenarioError(file, [{ pointer: '', message: 'files can be read only on Node' }])
  let text: string
  try {
    const { size } = node.fs.statSync(file)
    if (size > MAX_SCENARIO_FILE_BYTES) {
      throw new ScenarioError(file, [
        {
          pointer: '',
          message: `${size} bytes; a scenario file has at most ${MAX_SCENARIO_FILE_BYTES}`,
        },
      ])
    }
    text = node.fs.readFileSync(file, 'utf8')
  } catch (error) {
    if (error instanceof ScenarioError) throw error
    throw new ScenarioError(file, [
      { pointer: '', message: `cannot read: ${(error as Error).message}` },
    ]) // fs errors are Errors
  }
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (error) {
    throw new ScenarioError(file, [
      { pointer: '', message: `not JSON: ${(error as Error).message}` },
    ]) // JSON.parse throws SyntaxError
  }
  return parseScenario(raw, file)
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
 * A scenario by name, or by file path (a name has no `/` and no `.json`). With `names: 'only'`, a
 * path is looked up as a name (and so not found): for callers that must not read the disk.
 */
export const resolveScenario = (
  nameOrFile: string,
  registry: ScenarioRegistry = shippedScenarios(),
  { names }: { names: 'or-files' | 'only' } = { names: 'or-files' },
): Scenario => {
  const isFile = nameOrFile.includes('/') || nameOrFile.endsWith('.json')
  if (isFile && names === 'or-files') return loadScenarioFile(nameOrFile)
  const found = registry.get(nameOrFile)
  if (!found) {
    throw new ScenarioError(nameOrFile, [
      { pointer: '', message: `no such scenario; known: ${[...registry.keys()].join(', ')}` },
    ])
  }
  return found
}
