// The package ships what a user runs and reads: the build, the fixtures, the OpenAPI document,
// the shipped scenarios and the docs' text. Not the dashboard's screenshots (the docs link to them
// in the repository), not source maps of sources it does not ship, not a test or a source file.
// Reads `npm pack --dry-run` of the build `npm test` made.
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { REPO_ROOT } from '../helpers/spawn-cli.js'

type Packed = { size: number; unpackedSize: number; files: { path: string; size: number }[] }

const [packed] = JSON.parse(
  execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }),
) as [Packed]

/** Where a shipped file may be, one pattern a kind. */
const SHIPPED = [
  /^dist\/(src|esm|cjs|browser|bin|dashboard|docs)\//,
  /^fixtures\/([\w-]+\/)?[\w-]+\.json$/,
  /^openapi\/openapi\.json$/,
  /^scenarios\/[\w-]+\.json$/,
  /^docs\/[\w-]+\.md$/,
  /^bench\/PROFILE\.md$/,
  /^(README\.md|package\.json|LICENSE)$/,
]

/** The bounds, with room for growth a change must argue for: 2.1 MB packed, 8.2 MB unpacked today. */
const MAX_PACKED = 2_600_000
const MAX_UNPACKED = 9_000_000

describe('the package', () => {
  it('holds only what a user runs and reads', () => {
    const stray = packed.files.map((f) => f.path).filter((p) => !SHIPPED.some((s) => s.test(p)))
    expect(stray).toEqual([])
    expect(
      packed.files.filter((f) => /\.(png|map)$/.test(f.path) && f.path.startsWith('docs/')),
    ).toEqual([])
    expect(packed.files.filter((f) => f.path.endsWith('.map'))).toEqual([])
  })

  it('ships the entry points its package.json names', () => {
    const paths = new Set(packed.files.map((f) => f.path))
    for (const entry of [
      'dist/bin/main.js',
      'dist/esm/index.js',
      'dist/cjs/index.cjs',
      'dist/src/index.d.ts',
    ])
      expect(paths.has(entry), entry).toBe(true)
  })

  it(`stays under ${MAX_PACKED} bytes packed and ${MAX_UNPACKED} unpacked`, () => {
    expect(packed.size).toBeLessThan(MAX_PACKED)
    expect(packed.unpackedSize).toBeLessThan(MAX_UNPACKED)
  })
})
