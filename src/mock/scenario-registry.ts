import { parseScenario } from './parse-scenario.js'
import type { Scenario } from './scenario.js'
import { ScenarioError } from './scenario-error.js'
import { loadScenarioFile } from './scenario-file.js'
import { MAX_SCENARIO_FILE_BYTES } from './scenario-file-bounds.js'
import { isScenarioPath } from './scenario-path.js'
import { SHIPPED_SCENARIOS } from './shipped-scenarios.js'

export type ScenarioRegistry = ReadonlyMap<string, Scenario>

export { loadScenarioFile, MAX_SCENARIO_FILE_BYTES, parseScenario }

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
