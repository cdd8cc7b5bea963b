#!/usr/bin/env node
import { EXIT } from './cli-error.js'
import type { Io } from './command.js'
import { runCli } from './run-cli.js'

const io: Io = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
}

// A promise nobody awaited is a bug of ours: fail loudly rather than report a false verdict.
process.on('unhandledRejection', (reason) => {
  io.err(
    `[worker-api-kit] unexpected error: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`,
  )
  process.exit(EXIT.usage)
})

runCli(process.argv.slice(2), io).then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    io.err(
      `[worker-api-kit] unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    )
    process.exit(EXIT.usage)
  },
)
