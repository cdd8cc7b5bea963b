// A code path the documentation names in backticks (`src/mock/store.ts`, `scripts/start.mjs`,
// `test/cli/`) exists: a reader who follows it finds the file, not a name a refactor left behind.
import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { proseLinesOf, readDocumentation } from './helpers/documentation.js'
import { REPO_ROOT } from './helpers/spawn-cli.js'

/** The pages a contributor reads for the code: the documentation, and the bench's profile. */
const pages = [
  ...readDocumentation(),
  { path: 'bench/PROFILE.md', text: readFileSync(`${REPO_ROOT}bench/PROFILE.md`, 'utf8') },
]

/** A path into the repository's own code folders, as written in backticks (no glob, no `<name>`). */
const CODE_PATH = /`((?:src|test|scripts|bench|assets|\.ci)\/[\w./-]*)`/g

/**
 * The folders .gitignore keeps out of the repository (`bench/results/`): what a command writes
 * there (`npm run bench` writes `bench/results/latest.json`) is not in a clone until it runs.
 */
const WRITTEN_FOLDERS = readFileSync(`${REPO_ROOT}.gitignore`, 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line.endsWith('/') && !line.startsWith('#'))

const isWrittenByACommand = (path: string) =>
  WRITTEN_FOLDERS.some((folder) => path.startsWith(folder))

const codePathsOf = (text: string) =>
  proseLinesOf(text).flatMap(({ line, text: prose }) =>
    [...prose.matchAll(CODE_PATH)].map((match) => ({ line, path: match[1] ?? '' })),
  )

describe('code paths in the documentation', () => {
  it('finds paths to check on the pages that describe the code', () => {
    const architecture = pages.find((page) => page.path === 'docs/ARCHITECTURE.md')
    expect(codePathsOf(architecture?.text ?? '').length).toBeGreaterThan(20)
  })

  it('names only files and folders that exist', () => {
    const missing = pages.flatMap(({ path, text }) =>
      codePathsOf(text)
        .filter(({ path: named }) => !isWrittenByACommand(named))
        .filter(({ path: named }) => !existsSync(`${REPO_ROOT}${named}`))
        .map(({ line, path: named }) => `${path}:${line}: ${named}`),
    )
    expect(missing).toEqual([])
  })
})
