import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { CliError, EXIT } from '../cli-error.js'
import { defineCommand } from '../command.js'
import type { Flags } from '../flag.js'

export const DEFAULT_FIXTURES_DIR = 'fixtures'

/** Most file names a stale-check message lists; the rest are counted. */
const MAX_NAMED = 5

const toJson = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * The fixtures as committed: path under the fixtures folder → two-space JSON with a final
 * newline, plus the manifest `index.json` (seed, time, files).
 */
export const renderFixtures = async (): Promise<Map<string, string>> => {
  const [
    { buildFixtures, FIXTURE_CLOCK_MS, FIXTURE_SEED },
    { fixtureFiles, FIXTURES_MANIFEST_FILE },
  ] = await Promise.all([import('../../mock/fixtures.js'), import('../../mock/fixture-files.js')])
  const files = fixtureFiles(buildFixtures())
  const manifest = {
    seed: FIXTURE_SEED,
    clock: new Date(FIXTURE_CLOCK_MS).toISOString(),
    files: files.map((file) => file.path),
  }
  return new Map([
    ...files.map(({ path, value }) => [path, toJson(value)] as const),
    [FIXTURES_MANIFEST_FILE, toJson(manifest)],
  ])
}

/**
 * Files in `dir` that belong to the fixtures but are no longer made: JSON files in the fixtures'
 * folders (and at the top level of a folder with a manifest), and files the old manifest lists. Nothing else in `dir` is ever touched.
 */
const strayFiles = async (dir: string, expected: ReadonlyMap<string, string>) => {
  const { FIXTURE_FOLDERS, FIXTURES_MANIFEST_FILE, FixturesManifest } = await import(
    '../../mock/fixture-files.js'
  )
  const manifest = await readFile(join(dir, FIXTURES_MANIFEST_FILE), 'utf8').catch(() => '')
  const parsed = FixturesManifest.safeParse(parseJson(manifest))
  // The top level, where most fixtures live, only when a manifest says `dir` is a fixtures folder
  // (a `--dir .` by mistake must never reach package.json).
  const folders = parsed.success ? ['', ...FIXTURE_FOLDERS] : FIXTURE_FOLDERS
  const inFolders = await Promise.all(
    folders.map(async (folder) =>
      (await readdir(join(dir, folder)).catch(() => []))
        .filter((name) => name.endsWith('.json'))
        .map((name) => (folder ? `${folder}/${name}` : name)),
    ),
  )
  const listed = (parsed.data?.files ?? []).filter(
    (path) => path.endsWith('.json') && !path.split('/').includes('..') && !path.startsWith('/'),
  )
  return [...new Set([...inFolders.flat(), ...listed])].filter((path) => !expected.has(path))
}

/** What differs between `dir` and the expected files: one phrase per file. */
const differences = async (dir: string, expected: ReadonlyMap<string, string>) => {
  const checked = await Promise.all(
    [...expected].map(async ([path, text]) => {
      const actual = await readFile(join(dir, path), 'utf8').catch(() => undefined)
      if (actual === undefined) return `${path} is missing`
      return actual === text ? undefined : `${path} is stale`
    }),
  )
  const extra = (await strayFiles(dir, expected)).map((path) => `${path} is extra`)
  return [...checked.filter((line) => line !== undefined), ...extra]
}

const FLAGS = {
  check: {
    type: 'boolean',
    help: ['write nothing; exit 1 if DIR has a missing, stale or extra fixture'],
  },
  dir: {
    type: 'string',
    value: 'DIR',
    help: ['where the fixtures go (default {default})'],
    default: DEFAULT_FIXTURES_DIR,
  },
} as const satisfies Flags

export const fixtures = defineCommand({
  synopsis: 'fixtures [--check] [--dir DIR]',
  about: `Writes one JSON file per fixture (create responses, workers in each status, LLM providers,
problem bodies), made from a fixed seed and time and parsed by their schemas, plus index.json.`,
  column: 12,
  flags: FLAGS,
  async run(flags, io) {
    const given = flags.dir
    const label = `${given.replace(/\/+$/, '')}/`
    const dir = resolve(io.cwd, given)
    const expected = await renderFixtures()
    if (flags.check) {
      const found = await differences(dir, expected)
      if (found.length === 0) {
        io.out(`${label} is up to date (${expected.size} files).`)
        return EXIT.ok
      }
      const named = found.slice(0, MAX_NAMED).join(', ')
      const more = found.length > MAX_NAMED ? ` and ${found.length - MAX_NAMED} more` : ''
      throw new CliError(
        `[worker-api-kit] ${label} is stale: ${named}${more}; run 'worker-api-kit fixtures' (npm run fixtures) and commit them.`,
        'E_STALE',
      )
    }
    for (const path of await strayFiles(dir, expected)) await rm(join(dir, path))
    for (const [path, text] of expected) {
      await mkdir(dirname(join(dir, path)), { recursive: true })
      await writeFile(join(dir, path), text)
    }
    io.out(`wrote ${expected.size} files to ${label}`)
    return EXIT.ok
  },
})
