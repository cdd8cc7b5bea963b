// The documented MSW setup snippet (docs/msw.md) type-checks as users compile it: under `moduleResolution:
// nodenext` (Node's ESM) and `bundler` (Vite, esbuild), against the built package's types.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { documentationText } from './helpers/documentation.js'
import { REPO_ROOT, spawnProcess } from './helpers/spawn-cli.js'

/** msw/node's setup, and the browser's with `persist`. */
const SNIPPETS = ['msw-snippet.ts', 'msw-browser-snippet.ts'].map((name) =>
  join(REPO_ROOT, 'test/readme-snippets', name),
)
const TSC = join(REPO_ROOT, 'node_modules/typescript/bin/tsc')
const TSC_WAIT_MS = 120_000

const dirs: string[] = []
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})

const RESOLUTIONS = [
  ['nodenext', { module: 'nodenext', moduleResolution: 'nodenext' }],
  ['bundler', { module: 'preserve', moduleResolution: 'bundler' }],
] as const

describe('the README MSW snippet', () => {
  it.each(SNIPPETS)('is the snippet the documentation shows: %s', async (snippet) => {
    expect(documentationText()).toContain(`\`\`\`ts
${await readFile(snippet, 'utf8')}\`\`\``)
  })

  it.each(RESOLUTIONS)('type-checks under moduleResolution %s', async (_, options) => {
    // The config sits in the repository (the package resolves itself by name from there).
    const dir = await mkdtemp(join(REPO_ROOT, '.tsc-'))
    dirs.push(dir)
    const config = join(dir, 'tsconfig.json')
    await writeFile(
      config,
      JSON.stringify({
        compilerOptions: {
          ...options,
          target: 'ES2022',
          lib: ['ES2023', 'DOM'],
          types: ['node'],
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          noUnusedLocals: true,
        },
        files: SNIPPETS,
      }),
    )
    const exit = await spawnProcess(process.execPath, [TSC, '-p', config]).exit(TSC_WAIT_MS)
    expect(exit.stdout + exit.stderr).toBe('')
    expect(exit.code).toBe(0)
  })
})
