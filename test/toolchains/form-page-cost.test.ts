// What a page pays for the kit's schemas (issue 31, docs/library.md#module-formats): one form
// validated with `worker-api-kit/schemas` against the same form written with zod by hand, each a
// production build of its own in Vite and in esbuild (minified, for browsers), from the packed
// kit. The kit's page may be larger by its schemas, not by zod's locales nor by the OpenAPI
// extension. One scratch project for both pages.
import { gzipSync } from 'node:zlib'
import { build as esbuild } from 'esbuild'
import { build as viteBuild } from 'vite'
import { beforeAll, describe, expect, it } from 'vitest'
import { useScratchProject } from '../helpers/scratch-project.js'

/** What the kit's page may cost more than the page written by hand, minified (issue 31). */
const MAX_EXTRA_BYTES = 40_000
const BUILD_TIMEOUT_MS = 60_000

const project = useScratchProject('module', ['vite'])

/** What the page does with its form: a parse, and the messages of a refused body shown. */
const USE_FORM = `const parsed = CreateWorkerBody.safeParse({ name: document.title, destination: 'local' })
document.body.textContent = parsed.success
  ? parsed.data.name
  : parsed.error.issues.map((issue) => issue.message).join(', ')
`

/**
 * The pages: the form's schema from `worker-api-kit/schemas`, from the package root (its
 * `browser` condition: the schemas and the pieces of a scenario), and by hand. The hand-written one is what a user writes without the kit, so its schema is
 * typed here, as theirs would be: the kit's CreateWorkerBody (spec §4.2) field for field.
 */
const PAGES = {
  'schemas.js': `import { CreateWorkerBody } from 'worker-api-kit/schemas'
${USE_FORM}`,
  'root.js': `import { CreateWorkerBody } from 'worker-api-kit'
${USE_FORM}`,
  'by-hand.js': `import { z } from 'zod'
const CreateWorkerBody = z.object({
  name: z.string().min(1),
  destination: z.enum(['local', 'cloud']),
  description: z.string().optional(),
  workspacePath: z.string().optional(),
  sandboxBackend: z.string().optional(),
  imageVersion: z.string().optional(),
})
${USE_FORM}`,
} as const
type Page = keyof typeof PAGES

/** The JavaScript a production build of one page writes, as text. */
const BUNDLERS = {
  vite: async (page: Page): Promise<string> => {
    const result = await viteBuild({
      root: project().dir,
      configFile: false,
      logLevel: 'silent',
      mode: 'production',
      build: { write: false, rolldownOptions: { input: `./${page}` } },
    })
    const code: string[] = []
    for (const output of Array.isArray(result) ? result : [result]) {
      if (!('output' in output)) continue
      for (const chunk of output.output) if (chunk.type === 'chunk') code.push(chunk.code)
    }
    return code.join('')
  },
  esbuild: async (page: Page): Promise<string> => {
    const result = await esbuild({
      entryPoints: [page],
      absWorkingDir: project().dir,
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      logLevel: 'silent',
    })
    return result.outputFiles.map((file) => file.text).join('')
  },
} as const

beforeAll(() => project().write(PAGES))

const sizeOf = (code: string) => ({
  bytes: Buffer.byteLength(code),
  gzip: gzipSync(code).length,
})

describe('a one-form page with the packed kit', () => {
  it.for(['vite', 'esbuild'] as const)(
    `costs at most ${MAX_EXTRA_BYTES} bytes more in %s than the same form with zod by hand`,
    { timeout: BUILD_TIMEOUT_MS },
    async (bundler, { annotate }) => {
      const byHand = sizeOf(await BUNDLERS[bundler]('by-hand.js'))
      const lines = [`${bundler}: by hand ${byHand.bytes} bytes minified (${byHand.gzip} gzip)`]
      const extras: [string, number][] = []
      for (const page of ['schemas.js', 'root.js'] as const) {
        const kit = sizeOf(await BUNDLERS[bundler](page))
        extras.push([page, kit.bytes - byHand.bytes])
        lines.push(`${page} ${kit.bytes} (${kit.gzip} gzip), ${kit.bytes - byHand.bytes} more`)
      }
      const report = lines.join('; ')
      // The measured sizes, in the test report (before the assertions: a failed test takes none).
      await annotate(report)
      for (const [page, extra] of extras) {
        expect.soft(extra, `${page}: ${report}`).toBeLessThanOrEqual(MAX_EXTRA_BYTES)
      }
    },
  )
})
