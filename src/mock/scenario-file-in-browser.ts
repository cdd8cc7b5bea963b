import type { Scenario } from './scenario.js'
import { ScenarioError } from './scenario-error.js'

/**
 * `loadScenarioFile` in the browser build (scenario-file.ts on Node): a page has no files to read,
 * so a scenario given by path is refused as it always was there, and the page carries neither the
 * file reader nor the HAR reader. Give a scenario object, or a shipped scenario's name.
 */
export const loadScenarioFile = (file: string): Scenario => {
  throw new ScenarioError(file, [{ pointer: '', message: 'files can be read only on Node' }])
}
