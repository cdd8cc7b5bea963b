// The dashboard's script (assets/dashboard) is bundled by esbuild, which strips types without
// checking them, and the root tsconfig has no DOM library: check it with its own tsconfig here.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { tsFilesUnder } from '../helpers/source-files.js'

const ROOT = new URL('../../', import.meta.url)
const CLIENT = new URL('assets/dashboard/', ROOT)
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc')

describe('dashboard client', () => {
  it('type-checks under the strict options, with the DOM library', () => {
    const run = () =>
      execFileSync(process.execPath, [TSC, '-p', 'assets/dashboard/tsconfig.json'], {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 60_000,
      })
    expect(run).not.toThrow()
  }, 60_000)

  it('never writes markup: no innerHTML, outerHTML, insertAdjacentHTML or document.write', () => {
    const files = tsFilesUnder(CLIENT.pathname)
    expect(files.length).toBeGreaterThan(3)
    for (const file of files)
      expect
        .soft(readFileSync(file, 'utf8'), file)
        .not.toMatch(/\b(?:innerHTML|outerHTML|insertAdjacentHTML|document\.write)\b/)
  })
})
