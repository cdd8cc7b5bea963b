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

/**
 * Writes to `stream` until its reader has gone (`worker-api-kit mock | head`): then the text is
 * dropped and the command goes on, rather than dying of an unhandled EPIPE.
 */
const writerTo = (stream: NodeJS.WriteStream) => {
  let isGone = false
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error
    isGone = true
  })
  return (text: string) => {
    if (!isGone) stream.write(text)
  }
}

runCli({
  argv: process.argv.slice(2),
  env: process.env,
  cwd: process.cwd(),
  script: process.argv[1],
  stdout: writerTo(process.stdout),
  stderr: writerTo(process.stderr),
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
