import { watch } from 'node:fs'
import { basename, dirname } from 'node:path'
import { printable } from '../common/printable.js'
import type { MockApp } from '../mock/app.js'
import { ScenarioError } from '../mock/scenario-error.js'
import { loadScenarioFile } from '../mock/scenario-registry.js'
import type { Io } from './command.js'

/** Editors write in bursts (truncate, write, rename): reload once things settle. */
const SETTLE_MS = 100

/**
 * Reloads a scenario file when it changes and restarts every session on it. An invalid file is
 * reported and the running scenario kept, so a typo never takes the mock down.
 */
export const watchScenario = (file: string, app: MockApp, io: Io) => {
  let timer: NodeJS.Timeout | undefined
  const reload = () => {
    try {
      const scenario = loadScenarioFile(file)
      // Adopted only once it has built; then every other session starts again on it.
      app.control.useScenario(scenario, '')
      app.control.sessions.clear()
      io.out(`reloaded scenario ${scenario.name} from ${file}`)
    } catch (error) {
      // Whatever went wrong, the mock goes on with the scenario it had: one line, no stack.
      const reason =
        error instanceof ScenarioError
          ? error.message
          : `[worker-api-kit] scenario ${file} could not be applied: ${error instanceof Error ? error.message : String(error)}`
      io.err(printable(`${reason} (keeping the previous scenario)`, 2_000))
    }
  }
  // Watch the folder, not the file: editors that save by renaming a new file over the old one
  // would leave a file watcher on the old inode, deaf to every later save.
  const name = basename(file)
  const watcher = watch(dirname(file), (_event, changed) => {
    if (changed !== null && changed !== name) return
    clearTimeout(timer)
    timer = setTimeout(reload, SETTLE_MS)
  })
  return {
    close() {
      clearTimeout(timer)
      watcher.close()
    },
  }
}
