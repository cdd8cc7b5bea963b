import { BASELINE_SCENARIO, Scenario } from './scenario.js'
import { ScenarioError, scenarioErrorOf } from './scenario-error.js'

export type ScenarioRegistry = ReadonlyMap<string, Scenario>

/** The largest scenario file the mock reads (1 MiB): every value in it is bounded by its schema too. */
export const MAX_SCENARIO_FILE_BYTES = 1024 * 1024

/** Parses a scenario, or throws a `ScenarioError` naming the source and every broken pointer. */
export const parseScenario = (raw: unknown, source: string): Scenario => {
  const result = Scenario.safeParse(raw)
  if (!result.success) throw scenarioErrorOf(source, result.error)
  return result.data
}

type Fs = typeof import('node:fs')
type Path = typeof import('node:path')

/** node:fs and node:path when running on Node, undefined in a browser (the MSW export). */
const nodeModules = (): { fs: Fs; path: Path } | undefined => {
  const get = globalThis.process?.getBuiltinModule
  if (typeof get !== 'function') return undefined
  return { fs: get('node:fs'), path: get('node:path') }
}

/** The `scenarios/` folder shipped with the kit: found upward from this module (src/ or dist/src/). */
const shippedFolder = ({ fs, path }: { fs: Fs; path: Path }): string | undefined => {
  let dir = path.dirname(new URL(import.meta.url).pathname)
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'scenarios')
    if (fs.existsSync(path.join(candidate, 'default.json'))) return candidate
    dir = path.dirname(dir)
  }
  return undefined
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

let shipped: Map<string, Scenario> | undefined

const SHIPPED_NAME = /^[a-z0-9][a-z0-9-]{0,63}$/

/**
 * One shipped scenario by name (`scenarios/NAME.json`), or undefined. Reads only that file: the
 * mock's start-up needs one scenario, not all of them.
 */
export const shippedScenario = (name: string): Scenario | undefined => {
  if (shipped) return shipped.get(name)
  const node = nodeModules()
  const folder = node && shippedFolder(node)
  const file =
    node && folder && SHIPPED_NAME.test(name) ? node.path.join(folder, `${name}.json`) : undefined
  if (node && file && node.fs.existsSync(file)) return loadScenarioFile(file)
  return name === BASELINE_SCENARIO.name ? BASELINE_SCENARIO : undefined
}

/** The scenarios shipped in `scenarios/*.json` (read once), plus the baseline as `default`. */
export const shippedScenarios = (): ScenarioRegistry => {
  if (shipped) return shipped
  shipped = new Map([[BASELINE_SCENARIO.name, BASELINE_SCENARIO]])
  const node = nodeModules()
  const folder = node && shippedFolder(node)
  if (node && folder) {
    for (const entry of node.fs
      .readdirSync(folder)
      .filter((f) => f.endsWith('.json'))
      .sort()) {
      const scenario = loadScenarioFile(node.path.join(folder, entry))
      shipped.set(scenario.name, scenario)
    }
  }
  return shipped
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
