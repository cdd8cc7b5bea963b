#!/usr/bin/env node
import * as nodeModule from 'node:module'
import { printableLines } from '../common/printable.js'
import { EXIT } from './cli-error.js'
import type { Io } from './command.js'
import { runCli } from './run-cli.js'

// Node 22.1+ keeps V8's compiled code of the CLI's modules on disk (its own cache folder in the
// system's temporary one), so every start after the first compiles none of them again: measured,
// ~10 % of the mock's CPU to its first answer on Node 24 (the mock's modules are ~1.5 MB of
// JavaScript). Node 20 has no such cache: nothing happens there.
const enableCompileCache: unknown = Reflect.get(nodeModule, 'enableCompileCache')
if (typeof enableCompileCache === 'function') enableCompileCache()

// Every line the CLI prints may quote a server, a client, a file or a flag (a report, a log line,
// an error): through the one printable filter, so no text it did not write drives the terminal.
const io: Io = {
  out: (line) => process.stdout.write(`${printableLines(line)}\n`),
  err: (line) => process.stderr.write(`${printableLines(line)}\n`),
}

/** A bug of ours (not a CliError): its stack, and exit 2 rather than a verdict. */
const exitOnBug = (error: unknown) => {
  io.err(
    `[worker-api-kit] unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  )
  process.exit(EXIT.usage)
}

// A promise nobody awaited is a bug of ours: fail loudly rather than report a false verdict.
process.on('unhandledRejection', exitOnBug)

runCli(process.argv.slice(2), io).then((code) => {
  process.exitCode = code
}, exitOnBug)
