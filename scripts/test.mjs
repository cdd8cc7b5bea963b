// npm test: the type check beside the build (when dist/ is stale) and the lint (knip reads the
// scripts' imports of the build, so it waits for it), then the vitest suite (scripts/run-tests.mjs,
// which ends with the `N passed, N failed, N skipped` line CI reads). The checks run side by side:
// each is one process on one core, and one after the other they cost a 2-core machine their sum.
// Each one's output is printed whole once it ends, in this order; the suite runs only when all pass.
import { spawn } from 'node:child_process'

/** Runs `command args`, its output kept; resolves with its exit code and output. */
const run = (command, args) =>
  new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: process.platform === 'win32',
    })
    const output = []
    child.stdout.on('data', (chunk) => output.push(chunk))
    child.stderr.on('data', (chunk) => output.push(chunk))
    child.on('error', (error) => resolve({ code: 1, output: `${error.message}\n` }))
    child.on('close', (code, signal) =>
      resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(output).toString() }),
    )
  })

/** Runs the steps one after the other, stopping at the first that fails. */
const inTurn = async (steps) => {
  const results = []
  for (const [name, command, args] of steps) {
    const result = { name, ...(await run(command, args)) }
    results.push(result)
    if (result.code !== 0) break
  }
  return results
}

const results = (
  await Promise.all([
    inTurn([['typecheck', 'npm', ['run', '--silent', 'typecheck']]]),
    inTurn([
      ['build', process.execPath, ['scripts/build-if-stale.mjs']],
      ['lint', 'npm', ['run', '--silent', 'lint']],
    ]),
  ])
).flat()
for (const { output } of results) process.stdout.write(output)
const failed = results.filter((result) => result.code !== 0)
if (failed.length > 0) {
  process.stderr.write(
    `[worker-api-kit] ${failed.map((result) => result.name).join(', ')} failed: the test suite did not run.\n`,
  )
  process.exit(1)
}

const tests = spawn(process.execPath, ['scripts/run-tests.mjs', ...process.argv.slice(2)], {
  stdio: 'inherit',
})
tests.on('close', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
