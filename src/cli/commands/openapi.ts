import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { CliError, EXIT } from '../cli-error.js'
import { defineCommand } from '../command.js'
import type { Flags } from '../flag.js'

export const DEFAULT_OPENAPI_PATH = 'openapi/openapi.json'

/** The document as committed, with the fixtures as examples: two-space JSON, final newline. */
export const renderOpenApiDocument = async () => {
  const { buildFixtureDocument } = await import('../../mock/fixture-document.js')
  const document = buildFixtureDocument()
  return `${JSON.stringify(document, null, 2)}\n`
}

const FLAGS = {
  check: {
    type: 'boolean',
    help: ['write nothing; exit 1 if FILE differs from what would be generated'],
  },
  out: {
    type: 'string',
    value: 'FILE',
    help: ['where the document goes (default {default})'],
    default: DEFAULT_OPENAPI_PATH,
  },
} as const satisfies Flags

export const openapi = defineCommand({
  synopsis: 'openapi [--check] [--out FILE]',
  about: "Generates the OpenAPI 3.1 document from the kit's Zod schemas.",
  column: 13,
  flags: FLAGS,
  async run(flags, io) {
    const path = flags.out
    const file = resolve(io.cwd, path)
    const expected = await renderOpenApiDocument()
    if (flags.check) {
      const actual = await readFile(file, 'utf8').catch(() => undefined)
      if (actual === expected) {
        io.out(`${path} is up to date.`)
        return EXIT.ok
      }
      throw new CliError(
        `[worker-api-kit] ${path} is ${actual === undefined ? 'missing' : 'stale'}; run 'worker-api-kit openapi' (npm run openapi) and commit it.`,
        'E_STALE',
      )
    }
    await mkdir(dirname(file), { recursive: true })
    await writeFile(file, expected)
    io.out(`wrote ${path}`)
    return EXIT.ok
  },
})
