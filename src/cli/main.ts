#!/usr/bin/env node
// The bin: a thin shell over runCli, which runs the same in a test's process. Here, and only here,
// the CLI meets its process: its arguments, environment, streams, signals and exit code.
import * as nodeModule from 'node:module'
import { printableLines } from '../common/printable.js'
import { EXIT } from './cli-error.js'
import { bugMessage, runCli } from './run-cli.js'

// Node 22.1+ keeps V8's compiled code of the CLI's modules on disk (its own cache folder in the
// system's temporary one), so every start after the first compiles none of them again: measured,
// ~10 % of the mock's CPU to its first answer on Node 24 (the mock's modules are ~1.5 MB of
// JavaScript). Node 20 has no such cache: nothing happens there.
const enableCompileCache: unknown = Reflect.get(nodeModule, 'enableCompileCache')
if (typeof enableCompileCache === 'function') enableCompileCache()

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
