import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { Command } from '../command.js'
import { CliError, EXIT } from '../usage-error.js'

export const DEFAULT_OPENAPI_PATH = 'openapi/openapi.json'

/** The document as committed, with the fixtures as examples: two-space JSON, final newline. */
export const renderOpenApiDocument = async () => {
  const { buildFixtureDocument } = await import('../../mock/fixture-document.js')
  const document = buildFixtureDocument()
  return `${JSON.stringify(document, null, 2)}\n`
}

export const openapi: Command = {
  name: 'openapi',
  summary: 'Write the OpenAPI 3.1 document, or check that it is up to date',
  usage: `worker-api-kit openapi [--check] [--out FILE]

Generates the OpenAPI 3.1 document from the kit's Zod schemas.

Options:
  --check      write nothing; exit 1 if FILE differs from what would be generated
  --out FILE   where the document goes (default ${DEFAULT_OPENAPI_PATH})
  -h, --help   this help`,
  options: { check: { type: 'boolean' }, out: { type: 'string' } },
  async run(values, io) {
    const path = typeof values['out'] === 'string' ? values['out'] : DEFAULT_OPENAPI_PATH
    const expected = await renderOpenApiDocument()
    if (values['check'] === true) {
      const actual = await readFile(path, 'utf8').catch(() => undefined)
      if (actual === expected) {
        io.out(`${path} is up to date.`)
        return EXIT.ok
      }
      throw new CliError(
        `[worker-api-kit] ${path} is ${actual === undefined ? 'missing' : 'stale'}; run 'worker-api-kit openapi' (npm run openapi) and commit it.`,
        'E_STALE',
        EXIT.failed,
      )
    }
    await mkdir(dirname(path), { recursive: true })
    await writeFile(path, expected)
    io.out(`wrote ${path}`)
    return EXIT.ok
  },
}
