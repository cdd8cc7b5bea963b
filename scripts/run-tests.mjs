// Runs vitest and ends with the plain line our CI reads: `N passed, N failed, N skipped`.
import { spawnSync } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'

const RESULTS = '.vitest-results.json'
rmSync(RESULTS, { force: true })
const run = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    // The four tiers (vitest.config.ts); the type tests are the typecheck's.
    ...['unit', 'matrix', 'process', 'browser'].flatMap((tier) => ['--project', tier]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${RESULTS}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
)
let summary = '0 passed, 1 failed, 0 skipped'
try {
  const results = JSON.parse(readFileSync(RESULTS, 'utf8'))
  const skipped = results.numPendingTests + results.numTodoTests
  summary = `${results.numPassedTests} passed, ${results.numFailedTests} failed, ${skipped} skipped`
} catch {
  console.error('[worker-api-kit] vitest wrote no results; counting the run as failed.')
}
console.log(summary)
process.exit(run.status ?? 1)
