// The CLI's process shell over runCli, which runs the same in a test's process. Here, and only
// here, the CLI meets its process: its arguments, environment, streams, signals and exit code.
// scripts/bundle-bin.mjs bundles it into dist/bin/cli.cjs, which the package's bin (bin.ts) runs.
import { printableLines } from '../common/printable.js'
import { EXIT } from './cli-error.js'
import { bugMessage, runCli } from './run-cli.js'

// A promise nobody awaited is a bug of ours: fail loudly rather than report a false verdict.
process.on('unhandledRejection', (error) => {
  process.stderr.write(`${printableLines(bugMessage(error))}\n`)
  process.exit(EXIT.usage)
})

runCli({
  argv: process.argv.slice(2),
  env: process.env,
  cwd: process.cwd(),
  script: process.argv[1],
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  // Listened to from the call on, not before: until a command serves, a signal ends the process.
  untilStopped: () =>
    new Promise((resolve) => {
      process.once('SIGINT', () => resolve('SIGINT'))
      process.once('SIGTERM', () => resolve('SIGTERM'))
    }),
}).then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    process.stderr.write(`${printableLines(bugMessage(error))}\n`)
    process.exit(EXIT.usage)
  },
)
