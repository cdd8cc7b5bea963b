import { watch } from 'node:fs'
import { basename, dirname } from 'node:path'
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
      app.control.sessions.clear()
      app.control.useScenario(scenario, '')
      io.out(`reloaded scenario ${scenario.name} from ${file}`)
    } catch (error) {
      if (!(error instanceof ScenarioError)) throw error
      io.err(`${error.message} (keeping the previous scenario)`)
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
