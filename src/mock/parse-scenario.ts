import { jsonPointer } from '../common/json-pointer.js'
import { tooDeepAt } from '../common/too-deep-at.js'
import { ONE_SHOT_PARSE, Scenario } from './scenario.js'
import { ScenarioError, scenarioErrorOf } from './scenario-error.js'
import { MAX_SCENARIO_DEPTH } from './scenario-file-bounds.js'

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
  const result = Scenario.safeParse(raw, ONE_SHOT_PARSE)
  if (!result.success) throw scenarioErrorOf(source, result.error)
  return result.data
}
