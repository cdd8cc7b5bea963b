import * as fs from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { readHarFile } from '../../common/har-file.js'
import { HarError } from '../../common/har-log.js'
import { CliError, EXIT } from '../cli-error.js'
import { defineCommand } from '../command.js'
import type { Flags } from '../flag.js'

/** What the Pact file is called when --out is not given. */
export const DEFAULT_PACT_PATH = 'pacts/worker-api-app-worker-api.json'

/** A side's name: a word or a few, as a Pact broker shows it. */
const PACT_NAME = /^[\w .@/-]{1,100}$/

const FLAGS = {
  har: {
    type: 'string',
    value: 'FILE.har',
    help: [
      "the recording: the mock's /__mock/requests.har, a DevTools export, a",
      "proxy recording's HAR (required; also as the command's operand)",
    ],
    required: true,
    positional: true,
    example: 'session.har',
  },
  out: {
    type: 'string',
    value: 'FILE',
    help: ['where the Pact file goes (default {default})'],
    default: DEFAULT_PACT_PATH,
  },
  consumer: {
    type: 'string',
    value: 'NAME',
    help: ["the consumer's name in the file (default worker-api-app)"],
  },
  provider: {
    type: 'string',
    value: 'NAME',
    help: ["the provider's name in the file (default worker-api)"],
  },
} as const satisfies Flags

const usage = (message: string) => new CliError(`[worker-api-kit] ${message}`, 'E_USAGE')

export const pact = defineCommand({
  synopsis: 'pact FILE.har [--out FILE] [--consumer NAME] [--provider NAME]',
  about: `Writes a recording as a Pact specification v4 file: one interaction per distinct request of the
API, what the spec promises of each answer as matchers, ids as provider states, no secret
(docs/replay.md). Exit 0: written; 2: usage error or a file that is no HAR.`,
  column: 20,
  flags: FLAGS,
  async run(flags, io) {
    for (const side of ['consumer', 'provider'] as const) {
      const name = flags[side]
      if (name !== undefined && !PACT_NAME.test(name))
        throw usage(`--${side}: letters, digits, spaces and . @ / - _, at most 100.`)
    }
    const path = flags.out
    const out = resolve(io.cwd, path)
    if (out === resolve(io.cwd, flags.har))
      throw usage(`--out ${path} is the recording itself; write the Pact file elsewhere.`)
    const har = readHarFile(fs, resolve(io.cwd, flags.har))
    if ('problem' in har) throw usage(`${flags.har}: ${har.problem}; pass a HAR 1.2 file.`)
    const { pactFromHar } = await import('../../pact/index.js')
    let file: ReturnType<typeof pactFromHar>
    try {
      file = pactFromHar(har.raw, { consumer: flags.consumer, provider: flags.provider })
    } catch (error) {
      if (!(error instanceof HarError)) throw error
      throw usage(`${flags.har}: ${error.place}: ${error.reason}; pass a HAR 1.2 file.`)
    }
    if (file.interactions.length === 0)
      throw usage(
        `${flags.har}: no answered exchange of the API's operations in it; a Pact file of nothing is no contract. Record the app against the mock (docs/replay.md).`,
      )
    try {
      await mkdir(dirname(out), { recursive: true })
      await writeFile(out, `${JSON.stringify(file, null, 2)}\n`)
    } catch (error) {
      const code = error instanceof Error && 'code' in error ? String(error.code) : 'unwritable'
      throw usage(`--out ${path}: cannot write it (${code}); pass a path in a writable directory.`)
    }
    io.out(`wrote ${path}: ${file.interactions.length} interactions`)
    return EXIT.ok
  },
})
