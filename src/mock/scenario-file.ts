import { readFileAtMost, unreadReason } from '../common/read-file-at-most.js'
import { scenarioFromHar } from './har-scenario.js'
import { parseScenario } from './parse-scenario.js'
import type { Scenario } from './scenario.js'
import { ScenarioError } from './scenario-error.js'
import { MAX_HAR_FILE_BYTES, MAX_SCENARIO_FILE_BYTES } from './scenario-file-bounds.js'
import { isHarPath } from './scenario-path.js'

// The browser build (scripts/browser-build-options.mjs) takes scenario-file-in-browser.ts in this
// file's place: a page reads no file, and carries neither the file reader nor the HAR reader.

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
