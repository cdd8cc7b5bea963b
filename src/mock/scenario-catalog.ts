import { BASELINE_SCENARIO, type Scenario, type ScenarioInput } from './scenario.js'
import {
  parseScenario,
  resolveScenario,
  shippedScenario,
  shippedScenarios,
} from './scenario-registry.js'

export type ScenarioCatalog = ReturnType<typeof createScenarioCatalog>

/**
 * The scenarios one app knows, by name: those given to it, then the shipped ones as they are
 * first asked for (the start-up parses one, not all of them).
 */
export const createScenarioCatalog = (given: readonly ScenarioInput[] = []) => {
  const byName = new Map<string, Scenario>()
  const remember = (scenario: Scenario) => {
    byName.set(scenario.name, scenario)
    return scenario
  }
  for (const scenario of given) remember(parseScenario(scenario, scenario.name))
  /** Every known scenario: the given ones and all shipped ones. */
  const all = (): ReadonlyMap<string, Scenario> => {
    for (const scenario of shippedScenarios().values())
      if (!byName.has(scenario.name)) remember(scenario)
    return byName
  }
  return {
    /** A known or shipped scenario by name, or undefined. */
    lookup(name: string): Scenario | undefined {
      const found = byName.get(name) ?? shippedScenario(name)
      return found && remember(found)
    },
    /**
     * A scenario object, or a string: a name, or (with `files: true`, library callers only) a
     * file path. Throws a `ScenarioError` when there is no such scenario or the file is invalid.
     */
    resolve(scenario: string | ScenarioInput, { files }: { files: boolean }): Scenario {
      if (typeof scenario !== 'string') return remember(parseScenario(scenario, scenario.name))
      const found = this.lookup(scenario)
      if (found) return found
      return remember(resolveScenario(scenario, all(), { names: files ? 'or-files' : 'only' }))
    },
    /** The scenario an app starts with when none is given. */
    initial(): Scenario {
      return this.lookup('default') ?? BASELINE_SCENARIO
    },
    all,
    /** Each scenario's name, description, and whether switching to it replaces a session's data. */
    names: () =>
      [...all().values()].map(({ name, description, state }) => ({
        name,
        description,
        replacesData: state !== undefined,
      })),
  }
}
