import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SHIPPED_SCENARIOS } from '../src/mock/shipped-scenarios.js'
import { REPO_ROOT } from './helpers/spawn-cli.js'

const SCENARIOS_DIR = join(REPO_ROOT, 'scenarios')

describe('generated modules', () => {
  it('carry every scenarios/*.json as it is on disk', () => {
    const files = readdirSync(SCENARIOS_DIR).filter((file) => file.endsWith('.json'))
    const onDisk = Object.fromEntries(
      files.map((file) => [
        basename(file, '.json'),
        JSON.parse(readFileSync(join(SCENARIOS_DIR, file), 'utf8')),
      ]),
    )
    expect(SHIPPED_SCENARIOS).toEqual(onDisk)
  })

  it('are what `npm run generate` writes (scenarios and faker pools)', () => {
    const check = spawnSync(process.execPath, ['scripts/generate.mjs', '--check'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      timeout: 20_000,
    })
    expect(check.stderr).toBe('')
    expect(check.status).toBe(0)
  })
})
